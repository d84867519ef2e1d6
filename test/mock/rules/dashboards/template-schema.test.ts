/**
 * Production's dashboard template schema (API.md §5.3, src/mock/rules/dashboards/template-schema.ts):
 * values printed as Python prints them, and the validator's sentence for the shallowest problem.
 */
import { describe, expect, it } from 'vitest';
import { pythonRepr, templateSchemaError } from '../../../../src/mock/rules/dashboards/template-schema.ts';

describe('pythonRepr', () => {
  it('prints None, True, False and numbers as Python does', () => {
    expect(pythonRepr(null)).toBe('None');
    expect(pythonRepr(undefined)).toBe('None');
    expect(pythonRepr(true)).toBe('True');
    expect(pythonRepr(false)).toBe('False');
    expect(pythonRepr(0)).toBe('0');
    expect(pythonRepr(-12)).toBe('-12');
    expect(pythonRepr(1.5)).toBe('1.5');
  });

  it('quotes strings with single quotes, or double quotes when only single quotes are inside', () => {
    expect(pythonRepr('text')).toBe("'text'");
    expect(pythonRepr('')).toBe("''");
    expect(pythonRepr("it's")).toBe(`"it's"`);
    expect(pythonRepr('say "hi"')).toBe(`'say "hi"'`);
    expect(pythonRepr(`it's "quoted"`)).toBe(`'it\\'s "quoted"'`);
  });

  it('escapes backslashes, newlines, carriage returns and tabs', () => {
    expect(pythonRepr('a\\b')).toBe("'a\\\\b'");
    expect(pythonRepr('a\nb\rc\td')).toBe("'a\\nb\\rc\\td'");
    expect(pythonRepr("it's\n")).toBe(`"it's\\n"`);
    expect(pythonRepr('\\\\\n\n')).toBe("'\\\\\\\\\\n\\n'");
  });

  it('prints lists and dicts with Python’s separators', () => {
    expect(pythonRepr([])).toBe('[]');
    expect(pythonRepr([1, 'a', null, true])).toBe("[1, 'a', None, True]");
    expect(pythonRepr({})).toBe('{}');
    expect(pythonRepr({ a: 1, b: [false], c: { d: 'x' } })).toBe("{'a': 1, 'b': [False], 'c': {'d': 'x'}}");
  });
});

const valid = {
  template_name: 'Web',
  dashboard_description: 'Traffic',
  dashboard_filters: {},
  tiles: [{ type: 'INSIGHT' }],
};
const variable = { id: 'v1', name: 'Country', type: 'event', default: {}, description: 'Where from', required: false };

describe('templateSchemaError', () => {
  it('passes a template with the required properties, and with every optional one', () => {
    expect(templateSchemaError(valid)).toBeNull();
    expect(templateSchemaError({ ...valid, variables: null, image_url: null })).toBeNull();
    expect(templateSchemaError({ ...valid, variables: [variable], tags: ['a', 'b'], image_url: 'https://example.com/x.png', extra: 1 })).toBeNull();
  });

  it('a template that is not an object', () => {
    expect(templateSchemaError(null)).toBe('None is not of type \'object\'');
    expect(templateSchemaError([])).toBe("[] is not of type 'object'");
    expect(templateSchemaError('x')).toBe("'x' is not of type 'object'");
    expect(templateSchemaError(3)).toBe("3 is not of type 'object'");
  });

  it('names the first missing required property, in the schema’s order', () => {
    expect(templateSchemaError({})).toBe("'template_name' is a required property");
    const { template_name: _n, ...noName } = valid;
    expect(templateSchemaError(noName)).toBe("'template_name' is a required property");
    const { dashboard_description: _d, ...noDescription } = valid;
    expect(templateSchemaError(noDescription)).toBe("'dashboard_description' is a required property");
    const { dashboard_filters: _f, ...noFilters } = valid;
    expect(templateSchemaError(noFilters)).toBe("'dashboard_filters' is a required property");
    const { tiles: _t, ...noTiles } = valid;
    expect(templateSchemaError(noTiles)).toBe("'tiles' is a required property");
  });

  it('an inherited property is not there', () => {
    const inherited = Object.create({ template_name: 'Web' }) as Record<string, unknown>;
    Object.assign(inherited, { dashboard_description: 'x', dashboard_filters: {}, tiles: [{}] });
    expect(templateSchemaError(inherited)).toBe("'template_name' is a required property");
  });

  it('a missing property comes before a wrong type (shallower)', () => {
    expect(templateSchemaError({ template_name: 1, dashboard_description: 'x', dashboard_filters: {} })).toBe("'tiles' is a required property");
  });

  it('a property of the wrong type', () => {
    expect(templateSchemaError({ ...valid, template_name: 1 })).toBe("1 is not of type 'string'");
    expect(templateSchemaError({ ...valid, dashboard_description: null })).toBe("None is not of type 'string'");
    expect(templateSchemaError({ ...valid, dashboard_filters: [] })).toBe("[] is not of type 'object'");
    expect(templateSchemaError({ ...valid, dashboard_filters: null })).toBe("None is not of type 'object'");
    expect(templateSchemaError({ ...valid, tiles: {} })).toBe("{} is not of type 'array'");
    expect(templateSchemaError({ ...valid, variables: {} })).toBe("{} is not of type 'array', 'null'");
    expect(templateSchemaError({ ...valid, tags: 'a' })).toBe("'a' is not of type 'array'");
    expect(templateSchemaError({ ...valid, image_url: false })).toBe("False is not of type 'string', 'null'");
  });

  it('the first of two wrong properties, in the schema’s order', () => {
    expect(templateSchemaError({ ...valid, tags: 1, template_name: 2 })).toBe("2 is not of type 'string'");
  });

  it('tiles must be a non-empty list of objects', () => {
    expect(templateSchemaError({ ...valid, tiles: [] })).toBe('[] should be non-empty');
    expect(templateSchemaError({ ...valid, tiles: [{}, 'x'] })).toBe("'x' is not of type 'object'");
    expect(templateSchemaError({ ...valid, tiles: [null] })).toBe("None is not of type 'object'");
  });

  it('a deeper problem waits behind a shallower one', () => {
    // A tile that is not an object (depth 2) behind a wrong name (depth 1).
    expect(templateSchemaError({ ...valid, tiles: ['x'], template_name: 1 })).toBe("1 is not of type 'string'");
    expect(templateSchemaError({ ...valid, tags: [1], image_url: 2 })).toBe("2 is not of type 'string', 'null'");
    // A variable's field (depth 3) behind a tag (depth 2).
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, required: 'yes' }], tags: [3] })).toBe("3 is not of type 'string'");
  });

  it('a missing field of a later variable comes before a wrong field of an earlier one (shallower)', () => {
    const { id: _id, ...noId } = variable;
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, required: 'yes' }, noId] })).toBe("'id' is a required property");
  });

  it('tags must be strings', () => {
    expect(templateSchemaError({ ...valid, tags: ['a', 7] })).toBe("7 is not of type 'string'");
  });

  it('variables must be objects with every required field of the right type', () => {
    expect(templateSchemaError({ ...valid, variables: [] })).toBeNull();
    expect(templateSchemaError({ ...valid, variables: ['v'] })).toBe("'v' is not of type 'object'");
    expect(templateSchemaError({ ...valid, variables: [[]] })).toBe("[] is not of type 'object'");
    expect(templateSchemaError({ ...valid, variables: [null] })).toBe("None is not of type 'object'");
    for (const key of ['id', 'name', 'type', 'default', 'description', 'required']) {
      const { [key]: _gone, ...rest } = variable as Record<string, unknown>;
      expect(templateSchemaError({ ...valid, variables: [rest] }), key).toBe(`'${key}' is a required property`);
    }
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, id: 1 }] })).toBe("1 is not of type 'string'");
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, name: null }] })).toBe("None is not of type 'string'");
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, type: 3 }] })).toBe("3 is not of type 'string'");
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, default: 'x' }] })).toBe("'x' is not of type 'object'");
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, description: [] }] })).toBe("[] is not of type 'string'");
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, required: 0 }] })).toBe("0 is not of type 'boolean'");
  });

  it('a missing variable field comes before a wrong one, and a variable that is not an object is not looked into', () => {
    const { id: _id, ...noId } = variable;
    expect(templateSchemaError({ ...valid, variables: [{ ...noId, name: 1 }] })).toBe("'id' is a required property");
    expect(templateSchemaError({ ...valid, variables: ['x', { ...variable, required: 'no' }] })).toBe("'x' is not of type 'object'");
  });

  it('a variable’s type must be event', () => {
    expect(templateSchemaError({ ...valid, variables: [{ ...variable, type: 'person' }] })).toBe("'person' is not one of ['event']");
  });
});
