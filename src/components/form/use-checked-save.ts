/**
 * The save of a form that never overwrites another person's change unasked (CONSOLE.md "Safety"):
 * read the record again, plan the save field by field against what each field showed when editing
 * began, ask `Changed since you opened it` when someone else changed a field being saved, then send
 * what is left, or say that nothing is left to send. Overview and Project settings both save this way.
 */
import { useState } from 'react';
import { useConflictQuestion, type ConflictRow } from '../dialog/conflict-dialog.tsx';
import { useToast } from '../feedback/toast.tsx';
import type { Form } from './use-form.ts';

/** What to send, and which of those fields another person changed meanwhile (src/api/client/changed-fields.ts). */
export interface CheckedSavePlan<K extends string> {
  changes: Partial<Record<K, unknown>>;
  conflicts: K[];
}

export interface CheckedSaveOptions<R, V extends object, K extends string> {
  /** Reads the record again, as it is now on the server. */
  readFresh: () => Promise<R>;
  plan: (fresh: R, edits: Partial<V>, baselines: Partial<V>) => CheckedSavePlan<K>;
  conflictRows: (fresh: R, plan: CheckedSavePlan<K>) => ReadonlyArray<ConflictRow>;
  /** The form's values for a record. */
  valuesOf: (record: R) => V;
  /** `dashboard`, `project`: "Nothing to save: the … already holds these values." */
  noun: string;
  /** Sends `changes`; `values` are what the form shows once they are saved. */
  send: (changes: Partial<Record<K, unknown>>, values: V) => void;
}

export interface CheckedSave<V extends object> {
  /** Reading the record again before saving. */
  checking: boolean;
  /** Why the record could not be read again (nothing was sent). */
  checkError: unknown;
  /** The `Changed since you opened it` dialog, to render with the form. */
  conflictDialog: React.ReactNode;
  /** Saves the form's edits (its `edits`, `baselines`, and `drop` and `settle` for the outcome). */
  saveChecked: (form: Pick<Form<V>, 'edits' | 'baselines' | 'drop' | 'settle'>) => Promise<void>;
}

export function useCheckedSave<R, V extends object, K extends string>(options: CheckedSaveOptions<R, V, K>): CheckedSave<V> {
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const conflictQuestion = useConflictQuestion();
  const toast = useToast();

  const saveChecked = async (form: Pick<Form<V>, 'edits' | 'baselines' | 'drop' | 'settle'>) => {
    const { edits, baselines } = form;
    setCheckError(null);
    setChecking(true);
    let fresh: R;
    try {
      fresh = await options.readFresh();
    } catch (error) {
      setCheckError(error);
      return;
    } finally {
      setChecking(false);
    }
    const plan = options.plan(fresh, edits, baselines);
    let changes = plan.changes;
    let kept: Partial<V> = edits;
    let tookTheirs = false;
    if (plan.conflicts.length > 0) {
      const othersToo = Object.keys(plan.changes).length > plan.conflicts.length;
      const choice = await conflictQuestion.ask(options.conflictRows(fresh, plan), othersToo);
      if (choice === null) return;
      if (choice === 'theirs') {
        const theirs = new Set<string>(plan.conflicts);
        tookTheirs = true;
        form.drop(plan.conflicts as unknown as Array<keyof V & string>);
        changes = Object.fromEntries(Object.entries(changes).filter(([field]) => !theirs.has(field))) as Partial<Record<K, unknown>>;
        kept = Object.fromEntries(Object.entries(edits).filter(([field]) => !theirs.has(field))) as Partial<V>;
      }
    }
    const values = { ...options.valuesOf(fresh), ...kept };
    if (Object.keys(changes).length === 0) {
      // Everything typed was already there, or was theirs to keep: the form shows the record as saved.
      form.settle(values);
      toast.show({
        kind: 'info',
        message: tookTheirs
          ? 'Nothing else to save: the form shows their values.'
          : `Nothing to save: the ${options.noun} already holds these values.`,
      });
      return;
    }
    options.send(changes, values);
  };

  return { checking, checkError, conflictDialog: conflictQuestion.dialog, saveChecked };
}
