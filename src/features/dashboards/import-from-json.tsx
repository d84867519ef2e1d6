/**
 * `Import from JSON` in New dashboard: a file input `Template file` and a text area `Template JSON`
 * (a chosen file fills the text; typing replaces the file). The template is checked with the
 * contract's schema before it is sent; every problem, and then the API's, is listed with its JSON path.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorDetail, errorStatus } from '../../components/feedback/error-text.ts';
import { errorAttr } from '../../components/form/field-error-text.ts';
import { attrPath } from '../../components/form/use-form.ts';
import { templatePath, templateProblems, type TemplateJson } from '../../contract/inputs.ts';
import './import-from-json.css';

/** The text parsed and checked: the template when it passes, else every problem as `path: message`. */
export function checkTemplateText(text: string): { template: TemplateJson | null; problems: string[] } {
  if (!text.trim()) return { template: null, problems: ['Choose a template file or paste the template JSON.'] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { template: null, problems: [`This is not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const problems = templateProblems(value);
  return problems.length
    ? { template: null, problems: problems.map((problem) => `${problem.path}: ${problem.message}`) }
    : { template: value as TemplateJson, problems: [] };
}

/** A 400 from `create_from_template_json` the same way: its `attr` as a JSON path (else `template`) and the validator's first line. */
export function apiTemplateProblems(error: unknown): string[] {
  const path = attrPath(errorAttr(error)).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  if (path[0] === 'template') path.shift();
  const firstLine = errorDetail(error).split('\n', 1)[0] ?? '';
  return [`${templatePath(path)}: ${firstLine}`];
}

/** Whether an error of the import belongs in the template's problem list (a 400), not above the form. */
export const isTemplateError = (error: unknown) => errorStatus(error) === 400;

export interface ImportFromJsonProps {
  text: string;
  onTextChange: (text: string) => void;
  /** Problems to list (own check or the API's), each `path: message`. */
  problems: ReadonlyArray<string>;
  disabled?: boolean;
  /** Why this backend will refuse the import (production's session-only rule), said before sending. */
  refusal?: string | null;
}

export function ImportFromJson({ text, onTextChange, problems, disabled, refusal }: ImportFromJsonProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const ids = { file: `${id}-file`, fileHint: `${id}-file-hint`, text: `${id}-text`, hint: `${id}-hint`, problems: `${id}-problems` };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const content = await file.text();
      setReadError(null);
      setFileName(file.name);
      onTextChange(content);
    } catch {
      setReadError(`Could not read ${file.name}.`);
    }
  };

  const type = (value: string) => {
    // The text is what is sent: a file chosen earlier no longer counts.
    if (fileName !== null && fileInput.current) fileInput.current.value = '';
    setFileName(null);
    onTextChange(value);
  };

  const invalid = problems.length > 0;
  return (
    <div className="import-from-json">
      {refusal && (
        <p role="note" className="notice notice-warning">
          {refusal}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.file}>Template file</label>
        <p id={ids.fileHint} className="field-hint">
          A .json file, such as one saved by Export as template: it fills the text below.
        </p>
        <input
          ref={fileInput}
          id={ids.file}
          type="file"
          accept="application/json,.json"
          aria-describedby={ids.fileHint}
          disabled={disabled}
          onChange={(event) => void chooseFile(event)}
        />
        {readError && (
          <p className="field-error" role="alert">
            {readError}
          </p>
        )}
      </div>
      <div className={invalid ? 'field field-invalid' : 'field'}>
        <label htmlFor={ids.text}>Template JSON</label>
        <p id={ids.hint} className="field-hint">
          {fileName ? `From ${fileName}. Edit it here if needed.` : 'Paste a template, or choose a file above.'} Name,
          Description and Tags above replace the template's own when filled in.
        </p>
        <textarea
          id={ids.text}
          className="template-json"
          rows={10}
          spellCheck={false}
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={[ids.hint, invalid ? ids.problems : null].filter(Boolean).join(' ')}
          onChange={(event) => type(event.target.value)}
        />
        {invalid && (
          <div id={ids.problems} className="field-error">
            <p>{problems.length === 1 ? 'The template has a problem:' : `The template has ${problems.length} problems:`}</p>
            <ul className="template-problems">
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
