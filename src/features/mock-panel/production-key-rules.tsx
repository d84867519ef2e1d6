/**
 * Mock controls, `Production key rules` (API.md §9, CONSOLE.md "Against the production service"):
 * the mock then refuses personal API keys the five session-only actions, as production does.
 */
import { productionKeyRulesOf } from '../../api/resources/mock.ts';
import { useSetProductionKeyRules } from '../../api/resources/mock-mutations.ts';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { Switch } from '../../components/form/switch.tsx';
import type { MockFaults } from '../../contract/schemas.ts';

export function ProductionKeyRulesSection({ faults }: { faults: MockFaults }) {
  const rules = useSetProductionKeyRules();
  const on = rules.isPending && rules.variables !== undefined ? rules.variables : productionKeyRulesOf(faults);
  return (
    <section className="mock-section" aria-labelledby="mock-key-rules-title">
      <h3 id="mock-key-rules-title">Production behaviour</h3>
      <Switch
        label="Production key rules"
        checked={on}
        disabled={rules.isPending}
        hint="On: moving tiles, importing a template file, the project activity feed, the demo-data check and resetting the project API key refuse personal API keys, as the production service does."
        onChange={(next) => {
          rules.reset();
          rules.mutate(next);
        }}
      />
      <ActionError error={rules.error} prefix="Could not change the production key rules:" onDismiss={() => rules.reset()} />
    </section>
  );
}
