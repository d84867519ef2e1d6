/** `?`: the dialog `Keyboard shortcuts`, listing every shortcut of CONSOLE.md "Getting around by keyboard". */
import { Dialog } from '../../components/dialog/dialog.tsx';
import './go-to.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: [isMac ? '⌘ K' : 'Ctrl K'], what: 'Go to a page, project or dashboard (works inside fields too)' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['/'], what: 'Search on this page' },
  { keys: ['g', 'p'], what: 'Go to Projects' },
  { keys: ['g', 'd'], what: 'Go to Dashboards' },
  { keys: ['g', 's'], what: 'Go to Settings' },
  { keys: ['g', 'a'], what: 'Go to Activity' },
  { keys: ['Esc'], what: 'Close a dialog' },
];

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      title="Keyboard shortcuts"
      description="The single keys do nothing while you type in a field."
      onClose={onClose}
      size="small"
    >
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.what}>
              <td>
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && <span className="shortcut-then"> then </span>}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{shortcut.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
