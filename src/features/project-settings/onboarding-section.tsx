/** Onboarding: product intents, onboarded products, the two onboarding actions, and demo-data generation. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { projectQueries } from '../../api/resources/projects.ts';
import { useAddProductIntent, useCompleteProductOnboarding } from '../../api/resources/project-mutations.ts';
import { productTypes, type ProductType } from '../../contract/inputs.ts';
import type { Project } from '../../contract/schemas.ts';
import { DateTime } from '../../components/date-time.tsx';
import { ActionError } from '../../components/feedback/error-state.tsx';
import { SelectField } from '../../components/form/field.tsx';
import { Button } from '../../components/button/button.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import { productLabel, productLabels } from './product-types.ts';

function DemoDataStatus({ projectId }: { projectId: number }) {
  const status = useQuery(projectQueries.demoData(projectId));
  let text: string;
  if (status.isPending) text = 'Checking…';
  else if (status.isError) text = 'Could not check.';
  else if (status.data.isGenerating === null) text = 'Unknown: the API answered without saying.';
  else text = status.data.isGenerating ? 'Yes, demo data is being generated now.' : 'No, demo data is not being generated.';
  return (
    <div className="demo-data-status">
      <p>
        <strong>Demo data being generated:</strong> <span>{text}</span>
      </p>
      {status.isError && (
        <div className="button-row">
          <ActionError error={status.error} prefix="Could not check:" />
          <button type="button" className="button button-small" onClick={() => void status.refetch()}>
            Check again
          </button>
        </div>
      )}
    </div>
  );
}

export function OnboardingSection({ project }: { project: Project }) {
  const headingId = useId();
  const toast = useToast();
  const onboarded = Object.entries(project.has_completed_onboarding_for ?? {})
    .filter(([, done]) => done)
    .map(([type]) => type);
  const firstOpen = productTypes.find((type) => !onboarded.includes(type)) ?? productTypes[0];
  const [product, setProduct] = useState<ProductType>(firstOpen);
  const complete = useCompleteProductOnboarding(project.id);
  const addIntent = useAddProductIntent(project.id);
  // Only the last action's error is shown, where it was tried.
  const [lastAction, setLastAction] = useState<'complete' | 'intent' | null>(null);
  const error = lastAction === 'complete' ? complete.error : lastAction === 'intent' ? addIntent.error : null;

  const markOnboarded = () => {
    setLastAction('complete');
    addIntent.reset();
    complete.mutate(product, {
      onSuccess: () => toast.success(`${productLabels[product]} is marked as onboarded.`),
    });
  };
  const recordIntent = () => {
    setLastAction('intent');
    complete.reset();
    addIntent.mutate(
      { product_type: product, intent_context: 'console project settings' },
      { onSuccess: () => toast.success(`Recorded the intent to use ${productLabels[product]}.`) },
    );
  };

  return (
    <section className="panel settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Onboarding</h2>
      <h3>Product intents</h3>
      {project.product_intents.length === 0 ? (
        <p className="field-hint">No product intents yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table compact-table" aria-label="Product intents">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Intended since</th>
                <th scope="col">Onboarded at</th>
              </tr>
            </thead>
            <tbody>
              {project.product_intents.map((intent) => (
                <tr key={intent.product_type}>
                  <th scope="row">{productLabel(intent.product_type)}</th>
                  <td>
                    <DateTime value={intent.created_at} />
                  </td>
                  <td>{intent.onboarding_completed_at ? <DateTime value={intent.onboarding_completed_at} /> : 'Not yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>Onboarded products</h3>
      {onboarded.length === 0 ? (
        <p className="field-hint">No product is onboarded yet.</p>
      ) : (
        <ul className="onboarded-list" aria-label="Onboarded products">
          {onboarded.map((type) => (
            <li key={type}>{productLabel(type)}</li>
          ))}
        </ul>
      )}

      <div className="onboarding-actions">
        <SelectField label="Product" value={product} onChange={(event) => setProduct(event.target.value as ProductType)}>
          {productTypes.map((type) => (
            <option key={type} value={type}>
              {productLabels[type]}
              {onboarded.includes(type) ? ' (onboarded)' : ''}
            </option>
          ))}
        </SelectField>
        <div className="button-row">
          {/* Busy, not disabled: the pressed button keeps focus while its request runs. */}
          <Button onClick={markOnboarded} disabled={addIntent.isPending} pending={complete.isPending}>
            Mark product as onboarded
          </Button>
          <Button onClick={recordIntent} disabled={complete.isPending} pending={addIntent.isPending}>
            Add product intent
          </Button>
        </div>
        <ActionError error={error} />
      </div>

      <h3>Demo data</h3>
      <DemoDataStatus projectId={project.id} />
    </section>
  );
}
