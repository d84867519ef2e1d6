// Part of `npm run lint`: the built CSS writes no colour outside the design tokens (src/app/tokens.css,
// README.md "Look"). It builds the console's stylesheet the way `npm run build` does (vite.config.ts,
// minified, into a temporary folder) and reads every declaration: a literal colour (#hex, rgb(), hsl(),
// a named colour …) may only be the value of a custom property on `:root` (optionally with an attribute
// or :not(), as the themes write it). It also refuses a `var(--x)` that nothing defines and that has no
// fallback (a token renamed on one side of a merge). Before reading the build, it proves on probes that
// it refuses a literal colour and an undefined token, so a check that stopped working shows up here.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

// The CSS named colours (CSS Color 4), `transparent` and `currentcolor` left out: they are not a colour of their own.
const NAMED = (
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
  'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
  'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
  'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
  'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
  'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
  'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
  'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
  'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
  'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
  'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
  'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
  'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
  'whitesmoke yellow yellowgreen ' +
  // System colours name a colour too.
  'canvas canvastext linktext visitedtext activetext buttonface buttontext buttonborder field fieldtext highlight ' +
  'highlighttext selecteditem selecteditemtext mark marktext graytext accentcolor accentcolortext'
).split(' ');
const LITERAL = new RegExp(
  [
    // `#0000` is how the minifier writes `transparent`: no colour of its own.
    '#(?!0000(?:0000)?(?![0-9a-z_-]))[0-9a-f]{3,8}(?![0-9a-z_-])',
    '(?<![\\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(',
    `(?<![\\w-])(?:${NAMED.join('|')})(?![\\w-])`,
  ].join('|'),
  'i',
);
/** Selectors that may define the tokens: `:root`, with attributes or :not() (the themes). */
const TOKEN_SELECTOR = /^:root(?:\[[^\]]*\]|:not\([^)]*\))*$/;

/** Every declaration of a stylesheet with the selector of the rule that holds it (at-rules are looked through). */
function declarations(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found = [];
  const stack = [];
  let start = 0;
  let depth = 0;
  let quote = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth > 0) continue;
    else if (char === '{') {
      stack.push(text.slice(start, index).trim());
      start = index + 1;
    } else if (char === ';' || char === '}') {
      const chunk = text.slice(start, index).trim();
      const colon = chunk.indexOf(':');
      const selector = stack.at(-1) ?? '';
      if (chunk && colon > 0 && !selector.startsWith('@')) {
        found.push({ selector, property: chunk.slice(0, colon).trim(), value: chunk.slice(colon + 1).trim() });
      }
      if (char === '}') stack.pop();
      start = index + 1;
    }
  }
  return found;
}

/** What is wrong with a stylesheet: literal colours outside the tokens, and tokens used but never defined. */
export function problemsOf(css) {
  const problems = [];
  const all = declarations(css);
  const defined = new Set(all.filter((d) => d.property.startsWith('--')).map((d) => d.property));
  for (const { selector, property, value } of all) {
    const inTokens = property.startsWith('--') && selector.split(',').every((part) => TOKEN_SELECTOR.test(part.trim()));
    const literal = LITERAL.exec(value);
    if (literal && !inTokens) problems.push(`${selector} { ${property}: ${value} }: the literal colour ${literal[0]}, use a token of src/app/tokens.css`);
    for (const used of value.matchAll(/var\(\s*(--[\w-]+)\s*([,)])/g)) {
      if (used[2] === ')' && !defined.has(used[1])) problems.push(`${selector} { ${property}: ${value} }: ${used[1]} is defined nowhere`);
    }
  }
  return problems;
}

// The probes: each must be refused, and the token definitions beside them accepted.
const probes = [
  ['.probe{color:#fff}', 'a hex colour'],
  ['.probe{background:rgb(0 0 0/50%)}', 'rgb()'],
  ['@media (min-width:720px){.probe{border:1px solid red}}', 'a named colour in a media query'],
  [':root .probe{--x:#123456}', 'a custom property outside :root'],
  ['.probe{color:var(--no-such-token)}', 'an undefined token'],
];
const tokens = ':root{--x:light-dark(#fff,#000)}:root[data-theme=dark]{--y:#111}.ok{color:var(--x);white-space:nowrap;background:var(--z,transparent);border-color:#0000}';
const failures = [];
for (const [css, what] of probes) {
  if (problemsOf(tokens + css).length !== 1) failures.push(`the probe with ${what} (${css}) was not refused once`);
}
if (problemsOf(tokens).length > 0) failures.push(`the token definitions were refused: ${problemsOf(tokens).join('; ')}`);

const root = new URL('../..', import.meta.url).pathname;
const outDir = mkdtempSync(join(tmpdir(), 'console-css-'));
try {
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } });
  const sheets = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.css'));
  if (sheets.length === 0) failures.push('the build wrote no stylesheet');
  for (const sheet of sheets) {
    for (const problem of problemsOf(readFileSync(join(outDir, 'assets', sheet), 'utf8'))) failures.push(`${sheet}: ${problem}`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`literal-colours: ${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.info(`literal-colours: ${probes.length} probes refused; the built CSS uses tokens for every colour`);
