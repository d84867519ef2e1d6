// The plumbing every form shares: values over edits, dirty, the whole form checked before sending,
// the API's error under its field, focus on the first invalid field, settle/reset/drop.
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  attrPath,
  focusFirstInvalid,
  FORM,
  sameFormValue,
  schemaErrors,
  useForm,
  type FormErrors,
  type UseFormOptions,
} from '../../../src/components/form/use-form.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('attrPath', () => {
  it('splits an API attr at its separator, dropping empty parts', () => {
    expect(attrPath('app_urls__2')).toEqual(['app_urls', '2']);
    expect(attrPath('rules__0____status')).toEqual(['rules', '0', 'status']);
    expect(attrPath('__name')).toEqual(['name']);
    expect(attrPath('name')).toEqual(['name']);
    expect(attrPath('')).toEqual([]);
    expect(attrPath(null)).toEqual([]);
    expect(attrPath(undefined)).toEqual([]);
  });
});

describe('schemaErrors', () => {
  const schema = z.object({ name: z.string().check(z.maxLength(5)), tags: z.array(z.string()) });

  it('is empty for a valid body', () => {
    expect(schemaErrors(schema, { name: 'ok', tags: [] })).toEqual({});
  });

  it('words each problem as the API does, under the field, the first problem per field', () => {
    const errors = schemaErrors(schema, { name: 'too long', tags: [1, null] });
    expect(errors.name).toBe('Ensure this field has no more than 5 characters.');
    expect(errors.tags).toBe(schemaErrors(schema, { name: 'ok', tags: [1] }).tags);
    expect(errors.tags).not.toBe('This field may not be null.');
    expect(Object.keys(errors).sort()).toEqual(['name', 'tags']);
  });

  it('keys problems as fieldOf says, and those no field shows under FORM', () => {
    const errors = schemaErrors(schema, { name: 'ok', tags: ['a', null] }, (path) => (path[0] === 'tags' ? path.join('.') : null));
    expect(errors).toEqual({ 'tags.1': 'This field may not be null.' });
    expect(FORM).toBe('');
    expect(schemaErrors(schema, { name: 'too long', tags: [] }, () => null)).toEqual({ [FORM]: 'Ensure this field has no more than 5 characters.' });
    // No path at all: the whole body is wrong.
    expect(Object.keys(schemaErrors(schema, null))).toEqual([FORM]);
  });
});

describe('sameFormValue', () => {
  it('compares form values structurally', () => {
    expect(sameFormValue('a', 'a')).toBe(true);
    expect(sameFormValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameFormValue(1, '1')).toBe(false);
    expect(sameFormValue(['a', { b: [1] }], ['a', { b: [1] }])).toBe(true);
    expect(sameFormValue(['a', { b: [1] }], ['a', { b: [2] }])).toBe(false);
    expect(sameFormValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameFormValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameFormValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameFormValue([], {})).toBe(false);
    expect(sameFormValue({}, [])).toBe(false);
    expect(sameFormValue(null, {})).toBe(false);
    expect(sameFormValue({}, null)).toBe(false);
    expect(sameFormValue('a', { 0: 'a' })).toBe(false);
    expect(sameFormValue({ 0: 'a' }, 'a')).toBe(false);
  });
});

describe('focusFirstInvalid', () => {
  /** The form's element, for focusFirstInvalid to search. */
  const formOf = () => screen.getByRole('form', { name: 'Settings' });

  it('finds nothing to focus without a container or an invalid control', () => {
    expect(focusFirstInvalid(null)).toBe(false);
    render(
      <form aria-label="Settings">
        <input aria-label="A" aria-invalid="false" />
      </form>,
    );
    expect(focusFirstInvalid(formOf())).toBe(false);
  });

  it('focuses the first invalid control without scrolling, and scrolls its field to the middle', () => {
    render(
      <form aria-label="Settings">
        <div className="field">
          <input aria-label="A" />
        </div>
        <div className="field" role="group" aria-label="B field">
          <input aria-label="B" aria-invalid="true" />
          <p>Enter b.</p>
        </div>
        <input aria-label="C" aria-invalid="true" />
      </form>,
    );
    const scrolled: Array<{ element: Element; options: unknown }> = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element, options) {
      scrolled.push({ element: this, options });
    });
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    expect(focusFirstInvalid(formOf())).toBe(true);
    expect(screen.getByRole('textbox', { name: 'B' })).toHaveFocus();
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(scrolled).toEqual([{ element: screen.getByRole('group', { name: 'B field' }), options: { block: 'center', inline: 'nearest' } }]);
  });

  it('scrolls a control outside any field itself', () => {
    render(
      <form aria-label="Settings">
        <input aria-label="C" aria-invalid="true" />
      </form>,
    );
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    expect(focusFirstInvalid(formOf())).toBe(true);
    expect(scrolled).toEqual([screen.getByRole('textbox', { name: 'C' })]);
  });

  it('in a radio group: its checked radio, else its first control; nothing in it, nothing focused', () => {
    const { unmount } = render(
      <form aria-label="Settings">
        <fieldset aria-invalid="true">
          <legend>Week</legend>
          <input type="radio" name="r" aria-label="Sunday" />
          <input type="radio" name="r" aria-label="Monday" defaultChecked />
        </fieldset>
      </form>,
    );
    expect(focusFirstInvalid(formOf())).toBe(true);
    expect(screen.getByRole('radio', { name: 'Monday' })).toHaveFocus();
    unmount();
    const view = render(
      <form aria-label="Settings">
        <fieldset aria-invalid="true">
          <legend>Kind</legend>
          <input type="radio" name="k" aria-label="X" />
          <input type="radio" name="k" aria-label="Y" />
        </fieldset>
      </form>,
    );
    expect(focusFirstInvalid(formOf())).toBe(true);
    expect(screen.getByRole('radio', { name: 'X' })).toHaveFocus();
    view.unmount();
    render(
      <form aria-label="Settings">
        <fieldset aria-invalid="true">
          <legend>Nothing</legend>
        </fieldset>
      </form>,
    );
    expect(focusFirstInvalid(formOf())).toBe(false);
  });
});

interface Values {
  name: string;
  tags: string[];
}
const start: Values = { name: 'Revenue', tags: ['a'] };
const apiError = (attr?: string, detail = 'Ensure this field has no more than 5 characters.') => ({ name: 'ApiError', status: 400, code: 'max_length', attr, detail });

function renderForm(overrides: Partial<UseFormOptions<Values>> = {}) {
  const props: UseFormOptions<Values> = { initial: start, validate: () => ({}), ...overrides };
  return renderHook((p: UseFormOptions<Values>) => useForm(p), { initialProps: props });
}

describe('useForm: values and edits', () => {
  it('shows the initial values, dirty once a field differs, clean again when typed back', () => {
    const { result } = renderForm();
    expect(result.current).toMatchObject({ values: start, edits: {}, baselines: {}, dirty: false });
    act(() => result.current.set('name', 'Growth'));
    expect(result.current).toMatchObject({ values: { name: 'Growth', tags: ['a'] }, edits: { name: 'Growth' }, dirty: true });
    act(() => result.current.set('name', 'Revenue'));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('tags', ['a']));
    expect(result.current.dirty).toBe(false);
  });

  it('asks isDirty when given', () => {
    const isDirty = vi.fn((values: Values, initial: Values) => values.tags.length !== initial.tags.length);
    const { result } = renderForm({ isDirty });
    act(() => result.current.set('name', 'Other'));
    expect(result.current.dirty).toBe(false);
    expect(isDirty).toHaveBeenLastCalledWith({ name: 'Other', tags: ['a'] }, start);
    act(() => result.current.set('tags', []));
    expect(result.current.dirty).toBe(true);
  });

  it('records what a field showed when its editing began; fields not edited follow fresh data', () => {
    const { result, rerender } = renderForm();
    act(() => result.current.set('name', 'G'));
    rerender({ initial: { name: 'Renamed by Ana', tags: ['b'] }, validate: () => ({}) });
    act(() => result.current.set('name', 'Growth'));
    expect(result.current.baselines).toEqual({ name: 'Revenue' });
    expect(result.current.values).toEqual({ name: 'Growth', tags: ['b'] });
    act(() => result.current.set('tags', ['c']));
    expect(result.current.baselines).toEqual({ name: 'Revenue', tags: ['b'] });
  });
});

describe('useForm: checking and sending', () => {
  const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent & { preventDefault: ReturnType<typeof vi.fn> };

  it('sends the values when nothing is invalid', () => {
    const clearServerError = vi.fn();
    const { result } = renderForm({ clearServerError });
    const send = vi.fn();
    const event = submitEvent();
    act(() => result.current.submit(event, send));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(clearServerError).toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith(start);
  });

  it('sends and checks the fields a button fills as it sends', () => {
    const validate = vi.fn((values: Values): FormErrors => (values.tags.length > 1 ? { tags: 'At most one tag.' } : {}));
    const { result } = renderForm({ validate });
    const send = vi.fn();
    act(() => result.current.submit(undefined, send, { name: 'Filled' }));
    expect(send).toHaveBeenCalledWith({ name: 'Filled', tags: ['a'] });
    act(() => result.current.submit(undefined, send, { tags: ['a', 'b'] }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.error('tags')).toBe('At most one tag.');
  });

  it('sends nothing while a send is under way', () => {
    const clearServerError = vi.fn();
    const { result } = renderForm({ pending: true, clearServerError });
    const send = vi.fn();
    act(() => result.current.submit(undefined, send));
    expect(send).not.toHaveBeenCalled();
    expect(clearServerError).not.toHaveBeenCalled();
  });

  it('shows every problem at once and sends nothing; a field\'s edit clears its own errors only', () => {
    const { result } = renderForm({
      validate: () => ({ name: 'Enter a name.', tags: 'Too many.', 'tags.0': 'Bad tag.', tagsExtra: 'Other.', [FORM]: 'Nothing changed.' }),
    });
    const send = vi.fn();
    act(() => result.current.submit(undefined, send));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.error('name')).toBe('Enter a name.');
    expect(result.current.formProblem).toBe('Nothing changed.');
    act(() => result.current.set('tags', []));
    expect(result.current.error('tags')).toBeUndefined();
    expect(result.current.error('tags.0')).toBeUndefined();
    expect(result.current.error('tagsExtra')).toBe('Other.');
    expect(result.current.error('name')).toBe('Enter a name.');
    act(() => result.current.set('name', 'x', 'tagsExtra'));
    expect(result.current.error('tagsExtra')).toBeUndefined();
    expect(result.current.error('name')).toBe('Enter a name.');
  });

  it('an edit that clears no error keeps the errors as they are', () => {
    const { result } = renderForm({ validate: () => ({ name: 'Enter a name.' }) });
    act(() => result.current.submit(undefined, vi.fn()));
    act(() => result.current.set('tags', []));
    expect(result.current.error('name')).toBe('Enter a name.');
  });
});

describe('useForm: the API\'s error', () => {
  it('shows under the field its attr names, and the form\'s own check first', () => {
    const { result } = renderForm({ serverError: apiError('name__0') });
    expect(result.current.error('name')).toBe('Ensure this field has no more than 5 characters.');
    expect(result.current.error('tags')).toBeUndefined();
    expect(result.current.serverFormError).toBeNull();
    const own = renderForm({ serverError: apiError('name'), validate: () => ({ name: 'Enter a name.' }) });
    act(() => own.result.current.submit(undefined, vi.fn()));
    expect(own.result.current.error('name')).toBe('Enter a name.');
  });

  it('is the form\'s when its attr names no field of the form, or it has none', () => {
    const elsewhere = apiError('owner');
    expect(renderForm({ serverError: elsewhere }).result.current.serverFormError).toBe(elsewhere);
    expect(renderForm({ serverError: elsewhere }).result.current.error('owner')).toBeUndefined();
    const plain = { name: 'NetworkError', message: 'Could not reach the API.' };
    expect(renderForm({ serverError: plain }).result.current.serverFormError).toBe(plain);
    expect(renderForm().result.current.serverFormError).toBeNull();
  });

  it('goes where fieldOfServerError says', () => {
    const error = apiError('rules__0__status', 'Bad status.');
    const fieldOfServerError = vi.fn((path: string[]) => (path[0] === 'rules' ? 'tags' : null));
    const { result } = renderForm({ serverError: error, fieldOfServerError });
    expect(fieldOfServerError).toHaveBeenCalledWith(['rules', '0', 'status'], error);
    expect(result.current.error('tags')).toBe('Bad status.');
    expect(result.current.serverFormError).toBeNull();
    expect(renderForm({ serverError: error, fieldOfServerError: () => null }).result.current.serverFormError).toBe(error);
  });

  it('goes when its field is edited, not when another is', () => {
    const clearServerError = vi.fn();
    const { result } = renderForm({ serverError: apiError('name'), clearServerError });
    act(() => result.current.set('tags', []));
    expect(clearServerError).not.toHaveBeenCalled();
    act(() => result.current.set('name', 'x'));
    expect(clearServerError).toHaveBeenCalledTimes(1);
    const formWide = renderForm({ serverError: apiError('owner'), clearServerError });
    act(() => formWide.result.current.set('name', 'y'));
    expect(clearServerError).toHaveBeenCalledTimes(1);
  });

  it('a form that cannot clear the API\'s error still edits its field and resets', () => {
    const { result } = renderForm({ serverError: apiError('name') });
    act(() => result.current.set('name', 'x'));
    expect(result.current.values.name).toBe('x');
    act(() => result.current.reset());
    expect(result.current.edits).toEqual({});
  });
});

describe('useForm: after a send', () => {
  it('settle: edits equal to what was sent go; one typed meanwhile stays, the sent value its baseline', () => {
    const { result } = renderForm();
    act(() => {
      result.current.set('name', 'Growth');
      result.current.set('tags', ['b']);
    });
    act(() => result.current.set('name', 'Growth 2'));
    act(() => result.current.settle({ name: 'Growth', tags: ['b'] }));
    expect(result.current.edits).toEqual({ name: 'Growth 2' });
    expect(result.current.baselines).toEqual({ name: 'Growth' });
  });

  it('reset drops every edit and error (or starts from the edits given)', () => {
    const clearServerError = vi.fn();
    const { result } = renderForm({ validate: () => ({ name: 'Enter a name.' }), clearServerError });
    act(() => result.current.set('name', 'x'));
    act(() => result.current.submit(undefined, vi.fn()));
    clearServerError.mockClear();
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ edits: {}, baselines: {}, values: start, dirty: false });
    expect(result.current.error('name')).toBeUndefined();
    expect(clearServerError).toHaveBeenCalledTimes(1);
    act(() => result.current.reset({ tags: ['z'] }));
    expect(result.current.edits).toEqual({ tags: ['z'] });
    expect(result.current.baselines).toEqual({ tags: ['a'] });
  });

  it('drop forgets the edits and errors of the fields given, only those', () => {
    const { result } = renderForm({ validate: (): FormErrors => ({ name: 'Enter a name.', tags: 'Too many.', 'tags.1': 'Bad.' }) });
    act(() => {
      result.current.set('name', 'x');
      result.current.set('tags', ['b']);
    });
    act(() => result.current.submit(undefined, vi.fn()));
    act(() => result.current.drop(['tags']));
    expect(result.current.edits).toEqual({ name: 'x' });
    expect(result.current.baselines).toEqual({ name: 'Revenue' });
    expect(result.current.error('tags')).toBeUndefined();
    expect(result.current.error('tags.1')).toBeUndefined();
    expect(result.current.error('name')).toBe('Enter a name.');
  });

  it('drop of several fields forgets the errors of each of them', () => {
    const { result } = renderForm({ validate: (): FormErrors => ({ name: 'Enter a name.', tags: 'Too many.', 'tags.1': 'Bad.' }) });
    act(() => result.current.set('name', 'x'));
    act(() => result.current.submit(undefined, vi.fn()));
    act(() => result.current.drop(['name', 'tags']));
    expect(result.current.error('name')).toBeUndefined();
    expect(result.current.error('tags')).toBeUndefined();
    expect(result.current.error('tags.1')).toBeUndefined();
    expect(result.current.edits).toEqual({});
  });
});

describe('useForm: focus', () => {
  function NameForm({ serverError, onSend }: { serverError?: unknown; onSend: (values: { name: string; size: string }) => void }) {
    const form = useForm({
      initial: { name: '', size: '' },
      validate: (values): FormErrors => (values.name ? {} : { name: 'Enter a name.' }),
      serverError,
    });
    const invalid = (key: string) => (form.error(key) ? true : undefined);
    return (
      <form onSubmit={(event) => form.submit(event, onSend)}>
        <label>
          Size
          <input value={form.values.size} aria-invalid={invalid('size')} onChange={(e) => form.set('size', e.target.value)} />
        </label>
        <label>
          Name
          <input value={form.values.name} aria-invalid={invalid('name')} onChange={(e) => form.set('name', e.target.value)} />
        </label>
        <button type="submit">Save</button>
      </form>
    );
  }

  it('goes to the first invalid field when a submit is refused', () => {
    const onSend = vi.fn();
    render(<NameForm onSend={onSend} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('goes to the field the API\'s answer names, after a send only', () => {
    const onSend = vi.fn();
    const { rerender } = render(<NameForm onSend={onSend} />);
    const save = screen.getByRole('button', { name: 'Save' });
    // A refused submit sends nothing: an error arriving then moves nothing.
    fireEvent.submit(save);
    save.focus();
    rerender(<NameForm onSend={onSend} serverError={apiError('size')} />);
    expect(save).toHaveFocus();
    rerender(<NameForm onSend={onSend} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Growth' } });
    fireEvent.submit(save);
    expect(onSend).toHaveBeenCalledWith({ name: 'Growth', size: '' });
    rerender(<NameForm onSend={onSend} serverError={apiError('owner')} />);
    expect(save).toHaveFocus();
    rerender(<NameForm onSend={onSend} serverError={apiError('size')} />);
    expect(screen.getByRole('textbox', { name: 'Size' })).toHaveFocus();
  });
});
