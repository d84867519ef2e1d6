// The harness's own checks, on small pages written here: each must pass a good page and catch a bad one,
// or a journey that relies on it would prove nothing.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  allowHttpStatus,
  checkA11y,
  eventually,
  expectDialogKeyboard,
  expectTabOrder,
  setupE2E,
} from './support/harness.ts';

const { journey } = setupE2E();

const page = (body: string, script = '') =>
  `<!doctype html><html lang="en"><head><title>Fixture</title></head><body><main><h1>Fixture</h1>${body}</main>` +
  `<script>{${script}}</script></body></html>`;

// Scripts run in a block: setContent keeps the window, so top-level `const`s would clash.
// A dialog opened by #open; `trap` keeps Tab inside it, `restore` gives focus back to #open on Escape.
const dialogPage = (trap: boolean, restore: boolean) =>
  page(
    `<button id="open">Edit</button><button>After</button>
     <div role="dialog" aria-modal="true" aria-labelledby="t" id="d" hidden>
       <h2 id="t">Edit thing</h2><label>Name <input id="name"></label><button>Save</button>
     </div>`,
    `const open = document.getElementById('open'), d = document.getElementById('d');
     open.addEventListener('click', () => { d.hidden = false; document.getElementById('name').focus(); });
     d.addEventListener('keydown', (e) => {
       if (e.key === 'Escape') { d.hidden = true; if (${restore}) open.focus(); }
       if (e.key !== 'Tab' || !${trap}) return;
       const items = [...d.querySelectorAll('input, button')];
       const first = items[0], last = items[items.length - 1];
       if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
       else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
     });`,
  );

describe('the harness', () => {
  journey('checkA11y passes a clean page and lists the serious violations of a bad one', async ({ page: tab }) => {
    await tab.setContent(page('<button>Save</button><label>Name <input></label>'));
    await checkA11y(tab, 'fixture-clean');
    await tab.setContent(page('<button></button><input>'));
    await assert.rejects(checkA11y(tab, 'fixture-bad'), (error: Error) => {
      assert.match(error.message, /\[critical\] button-name/);
      assert.match(error.message, /\[critical\] label/);
      return true;
    });
  });

  journey('collectPageErrors records uncaught exceptions and console errors until allowed', async ({ page: tab, errors }) => {
    await tab.setContent(page('', `console.error('Rendering failed'); setTimeout(() => { throw new Error('boom'); });`));
    const seen = await eventually(() => {
      const list = errors.unexpected();
      assert.equal(list.length, 2, list.join('\n'));
      return list;
    });
    assert.match(seen[0]!, /console\.error: Rendering failed/);
    assert.match(seen[1]!, /pageerror: .*boom/);
    assert.throws(() => errors.assertNone(), /reported 2 error/);
    errors.allow(/Rendering failed|boom/);
    allowHttpStatus(errors, 401);
    errors.assertNone();
  });

  journey('expectTabOrder follows the real focus order', async ({ page: tab }) => {
    await tab.setContent(page('<label>First <input></label><button>Second</button><a href="#x">Third</a>'));
    const first = tab.getByRole('textbox', { name: 'First' });
    const third = tab.getByRole('link', { name: 'Third' });
    await expectTabOrder(tab, [first, tab.getByRole('button', { name: 'Second' }), third]);
    await assert.rejects(expectTabOrder(tab, [third, first]), /Tab reached .* before/);
    await tab.setContent(page('<button>Shown</button><button tabindex="-1">Skipped</button>'));
    await assert.rejects(
      expectTabOrder(tab, [tab.getByRole('button', { name: 'Skipped' })], { maxPresses: 5 }),
      /never reached/,
    );
  });

  journey('expectDialogKeyboard accepts a proper dialog and catches a leaky or forgetful one', async ({ page: tab }) => {
    const opener = tab.getByRole('button', { name: 'Edit' });
    const dialog = tab.getByRole('dialog', { name: 'Edit thing' });
    await tab.setContent(dialogPage(true, true));
    await expectDialogKeyboard(tab, opener, dialog);
    await tab.setContent(dialogPage(false, true));
    await assert.rejects(expectDialogKeyboard(tab, opener, dialog), /moved focus out of the open dialog/);
    await tab.setContent(dialogPage(true, false));
    await assert.rejects(expectDialogKeyboard(tab, opener, dialog), /focus did not return to the opener/);
  });
});
