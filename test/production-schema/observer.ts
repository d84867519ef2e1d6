/** Vitest setup file: records every answer `request(...)` gets, then writes them for run.ts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { onResponse } from '../mock/helpers.ts';
import type { Exchange } from './schema-check.ts';

const out = process.env.SCHEMA_CHECK_OUT;
if (!out) throw new Error('SCHEMA_CHECK_OUT is not set: run this through `npm run test:production-schema`.');

const exchanges: Exchange[] = [];
onResponse.push((answer) => {
  const state = expect.getState();
  exchanges.push({
    file: relative(process.cwd(), state.testPath ?? '?'),
    test: state.currentTestName ?? '(a hook outside any test)',
    method: answer.method,
    path: answer.path,
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    text: answer.text,
  });
});

afterAll(() => {
  const file = expect.getState().testPath ?? 'unknown';
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${basename(file)}-${process.pid}-${Date.now()}.json`), JSON.stringify(exchanges));
});
