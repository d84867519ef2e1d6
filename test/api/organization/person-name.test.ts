// A person's display name is formatted by one function (issue 45): its rules, and no second
// formatter anywhere in the console's code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { personFirstName, personName } from '../../../src/api/organization/person-name.ts';

describe('personName', () => {
  it('joins the parts the person has with one space', () => {
    expect(personName({ first_name: 'Olivia', last_name: 'Chen', email: 'olivia@hedgebox.net' })).toBe('Olivia Chen');
    expect(personName({ first_name: ' Olivia ', last_name: '  Chen', email: 'olivia@hedgebox.net' })).toBe('Olivia Chen');
    expect(personName({ first_name: 'Olivia', last_name: '', email: 'olivia@hedgebox.net' })).toBe('Olivia');
    expect(personName({ first_name: '   ', last_name: 'Chen', email: 'olivia@hedgebox.net' })).toBe('Chen');
    expect(personName({ first_name: 'Olivia', last_name: null, email: 'olivia@hedgebox.net' })).toBe('Olivia');
  });

  it('falls back to the e-mail when the names are blank or missing', () => {
    expect(personName({ first_name: '', last_name: '', email: 'grace.okafor@hedgebox.net' })).toBe('grace.okafor@hedgebox.net');
    expect(personName({ first_name: '  ', last_name: ' ', email: 'grace.okafor@hedgebox.net' })).toBe('grace.okafor@hedgebox.net');
    expect(personName({ email: 'grace.okafor@hedgebox.net' })).toBe('grace.okafor@hedgebox.net');
    expect(personName({ first_name: null, last_name: null, email: null })).toBe('');
  });

  it('gives the first name for sentences, else the name, else the e-mail', () => {
    expect(personFirstName({ first_name: 'Priya', last_name: 'Shah', email: 'priya@hedgebox.net' })).toBe('Priya');
    expect(personFirstName({ first_name: ' ', last_name: 'Shah', email: 'priya@hedgebox.net' })).toBe('Shah');
    expect(personFirstName({ first_name: '', last_name: '', email: 'priya@hedgebox.net' })).toBe('priya@hedgebox.net');
  });
});

describe('one formatter', () => {
  it('reads first_name and last_name nowhere else in the console (features, api, components, app)', () => {
    const src = join(import.meta.dirname, '../../../src');
    const readers = ['features', 'api', 'components', 'app'].flatMap((zone) =>
      readdirSync(join(src, zone), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => join(src, zone, name))
        // Reading the field (`user.first_name`, `?.first_name`), not naming it in a type.
        .filter((file) => /\.(first|last)_name\b/.test(readFileSync(file, 'utf8')))
        .map((file) => relative(src, file)),
    );
    expect(readers).toEqual(['api/organization/person-name.ts']);
  });
});
