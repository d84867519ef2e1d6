/**
 * `npm run test:production-schema` (through test/production-schema/run.ts): the API contract tests
 * that call the mock through `request(...)`, with an observer that records every answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The files that run the mock in-process (setupMockApi): the others start servers and call them
// with fetch, which the observer does not see.
const observed = ['test/contract', 'test/mock']
  .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => `${folder}/${name}`))
  .filter((file) => file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes('setupMockApi('));

export default defineConfig({
  test: {
    name: 'api-observed',
    include: observed,
    environment: 'node',
    setupFiles: ['test/production-schema/observer.ts'],
    maxWorkers: 2,
  },
});
