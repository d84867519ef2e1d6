// The console's one CSV writer (every `Export CSV` file): RFC 4180, a BOM, the formula defence, the file's name.
import { describe, expect, it } from 'vitest';
import { csvField, csvFileNameFor, csvRow, csvText, defuseFormula } from '../../../src/components/table/csv.ts';

describe('csv writer', () => {
  it('quotes a comma, a quote and a newline as RFC 4180 says, and leaves accents as they are', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi" and "bye"')).toBe('"say ""hi"" and ""bye"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('Café Zürich; 50% off')).toBe('Café Zürich; 50% off');
    expect(csvField('')).toBe('');
  });

  it('leads a cell that could start a formula with a quote (=, +, -, @, tab, CR), and only those', () => {
    expect(defuseFormula('=HYPERLINK("http://example.com","x")')).toBe('\'=HYPERLINK("http://example.com","x")');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(defuseFormula(`${start}1`)).toBe(`'${start}1`);
    for (const plain of ['a=1', '1-2', 'me@example.com', 'a\tb', '#1', '', "'=1"]) expect(defuseFormula(plain)).toBe(plain);
    // The defence comes before the quoting: the quote is inside the quoted field.
    expect(csvField('=HYPERLINK("http://example.com","x")')).toBe('"\'=HYPERLINK(""http://example.com"",""x"")"');
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('\tx')).toBe("'\tx");
  });

  it('joins a row with commas, each field on its own', () => {
    expect(csvRow(['-2', '+3', '@me', 'ok', 'a,b'])).toBe("'-2,'+3,'@me,ok,\"a,b\"");
    expect(csvRow([])).toBe('');
  });

  it('writes a BOM, the header and one CRLF-ended line per row', () => {
    expect(csvText(['a', 'b'], [['=1', 'x'], ['y', 'two\nlines']])).toBe('\uFEFFa,b\r\n\'=1,x\r\ny,"two\nlines"\r\n');
    expect(csvText(['only', 'header'], [])).toBe('\uFEFFonly,header\r\n');
    // Rows may come from a generator (a list read page by page).
    function* rows() {
      yield ['1'];
      yield ['2'];
    }
    expect(csvText(['n'], rows())).toBe('\uFEFFn\r\n1\r\n2\r\n');
  });
});

describe('csv file name', () => {
  it('ends with the local date, month and day on two digits', () => {
    expect(csvFileNameFor('Hedgebox app', new Date(2026, 0, 5))).toBe('Hedgebox app-2026-01-05.csv');
    expect(csvFileNameFor('Hedgebox app', new Date(2026, 10, 24, 23, 59))).toBe('Hedgebox app-2026-11-24.csv');
  });

  it('replaces each run of characters a file name may not hold by one _', () => {
    expect(csvFileNameFor('a/b:c', new Date(2026, 0, 2))).toBe('a_b_c-2026-01-02.csv');
    expect(csvFileNameFor('<a>"b"|c?*d\\e', new Date(2026, 0, 2))).toBe('_a_b_c_d_e-2026-01-02.csv');
    expect(csvFileNameFor('tab\there\u0000\u001f!', new Date(2026, 0, 2))).toBe('tab_here_!-2026-01-02.csv');
    expect(csvFileNameFor('Café (Q3) v1.2', new Date(2026, 0, 2))).toBe('Café (Q3) v1.2-2026-01-02.csv');
  });

  it('trims the name, and falls back when nothing is left', () => {
    expect(csvFileNameFor('  Sales  ', new Date(2026, 0, 2))).toBe('Sales-2026-01-02.csv');
    expect(csvFileNameFor('   ', new Date(2026, 0, 2))).toBe('export-2026-01-02.csv');
    expect(csvFileNameFor('', new Date(2026, 0, 2), 'dashboards')).toBe('dashboards-2026-01-02.csv');
  });
});
