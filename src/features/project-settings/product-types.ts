/** The nine product types of API.md §6.2, in words. */
import { productTypes, type ProductType } from '../../contract/inputs.ts';

export const productLabels: Record<ProductType, string> = {
  product_analytics: 'Product analytics',
  web_analytics: 'Web analytics',
  session_replay: 'Session replay',
  feature_flags: 'Feature flags',
  experiments: 'Experiments',
  surveys: 'Surveys',
  data_warehouse: 'Data warehouse',
  error_tracking: 'Error tracking',
  llm_analytics: 'LLM analytics',
};

/** A known type's label, else the API's own value (a newer API may add types). */
export const productLabel = (type: string): string =>
  (productTypes as ReadonlyArray<string>).includes(type) ? productLabels[type as ProductType] : type;
