/**
 * Production's dashboard template schema (API.md §5.3), checked the way Python's jsonschema reports:
 * the shallowest problem first, worded as its validator words it (`'tiles' is a required property`).
 */

/** A JSON value as Python prints it (`repr`): `'text'`, `True`, `None`, `{'a': 1}`, `[1, 2]`. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value
      .replace(/\\/g, '\\\\')
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/\t/g, '\\t');
    return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
  }
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pythonRepr(k)}: ${pythonRepr(v)}`)
    .join(', ')}}`;
}

type JsonType = 'object' | 'array' | 'string' | 'boolean' | 'null';

function isType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
  }
}

function typeError(value: unknown, types: JsonType[]): string | null {
  if (types.some((t) => isType(value, t))) return null;
  return `${pythonRepr(value)} is not of type ${types.map((t) => `'${t}'`).join(', ')}`;
}

interface Found {
  depth: number;
  message: string;
}

const templateRequired = ['template_name', 'dashboard_description', 'dashboard_filters', 'tiles'] as const;
const templateProperties: Array<[string, JsonType[]]> = [
  ['template_name', ['string']],
  ['dashboard_description', ['string']],
  ['dashboard_filters', ['object']],
  ['tiles', ['array']],
  ['variables', ['array', 'null']],
  ['tags', ['array']],
  ['image_url', ['string', 'null']],
];
const variableRequired = ['id', 'name', 'type', 'default', 'description', 'required'] as const;
const variableProperties: Array<[string, JsonType[]]> = [
  ['id', ['string']],
  ['name', ['string']],
  ['type', ['string']],
  ['default', ['object']],
  ['description', ['string']],
  ['required', ['boolean']],
];

/** Every problem with its depth; the caller answers the shallowest, first found. */
function problems(template: unknown): Found[] {
  const found: Found[] = [];
  const add = (depth: number, message: string | null) => {
    if (message) found.push({ depth, message });
  };
  add(0, typeError(template, ['object']));
  if (found.length) return found;
  const t = template as Record<string, unknown>;
  for (const key of templateRequired) if (!Object.hasOwn(t, key)) add(0, `'${key}' is a required property`);
  for (const [key, types] of templateProperties) {
    if (!Object.hasOwn(t, key)) continue;
    add(1, typeError(t[key], types));
  }
  if (Array.isArray(t.tiles)) {
    if (t.tiles.length === 0) add(1, `[] should be non-empty`);
    for (const tile of t.tiles) add(2, typeError(tile, ['object']));
  }
  if (Array.isArray(t.tags)) for (const tag of t.tags) add(2, typeError(tag, ['string']));
  if (Array.isArray(t.variables)) {
    for (const variable of t.variables) {
      const wrong = typeError(variable, ['object']);
      add(2, wrong);
      if (wrong) continue;
      const v = variable as Record<string, unknown>;
      for (const key of variableRequired) if (!Object.hasOwn(v, key)) add(2, `'${key}' is a required property`);
      for (const [key, types] of variableProperties) if (Object.hasOwn(v, key)) add(3, typeError(v[key], types));
      if (typeof v.type === 'string' && v.type !== 'event') add(3, `${pythonRepr(v.type)} is not one of ['event']`);
    }
  }
  return found;
}

/** The validator's sentence for the first problem of a template, or null when it passes the schema. */
export function templateSchemaError(template: unknown): string | null {
  const found = problems(template);
  if (found.length === 0) return null;
  let best = found[0]!;
  for (const f of found) if (f.depth < best.depth) best = f;
  return best.message;
}
