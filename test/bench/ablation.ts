// Each cold-start mechanism's own gain (docs/performance.md, "Ablation"): builds of the console that
// differ by one mechanism, served side by side over the same mock with the floor app, visited cold in
// interleaved rounds (each round visits every build once per target, in an order that rotates).
//
//   node --import tsx test/bench/ablation.ts base=/tmp/builds/base without-x=/tmp/builds/x …
//
// The first build is the reference: each other build's median is given against it (+3 %: 3 % slower
// without the mechanism, so the mechanism gains 3 %), and every build against the floor.
// ABLATION_ROUNDS (default 16) sets the rounds; ABLATION_WARM=1 adds a warm second visit of the list.
// Visits run under Lighthouse's desktop preset (network.ts); ABLATION_LOOPBACK=1 runs them on loopback.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { preview } from 'vite';
import { api, repoRoot, startMockProcess } from '../e2e/support/stack.ts';
import { coldVisit, type ColdTarget, type VisitOptions } from './cold.ts';
import { DESKTOP } from './network.ts';
import { createBigProject, median } from './console-figures.ts';
import { startFloor } from './floor/serve.ts';

const rounds = Number(process.env.ABLATION_ROUNDS ?? 16);
const builds = process.argv.slice(2).map((argument) => {
  const [name, dir] = argument.split('=');
  if (!name || !dir || !existsSync(join(dir, 'index.html'))) throw new Error(`expected name=<a built dist folder>, got ${argument}`);
  return { name, dir: resolve(dir) };
});
if (builds.length === 0) throw new Error('give at least one build: name=<dist folder>');

async function serve(dir: string, apiTarget: string): Promise<{ url: string; close(): Promise<void> }> {
  // vite.config.ts (its API proxy and headers) over another output folder.
  process.env.API_TARGET = apiTarget;
  const server = await preview({
    root: repoRoot,
    logLevel: 'warn',
    build: { outDir: dir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview is not listening on a TCP port.');
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

async function main() {
  const mock = await startMockProcess();
  const servers: Array<{ close(): Promise<void> }> = [];
  try {
    const project = await createBigProject(mock.url, 10_000);
    const first = await api<{ results: Array<{ id: number; name: string }> }>(mock.url, `/api/projects/${project.id}/dashboards/?limit=1`);
    const dashboard = first.results[0]!;
    const list = { label: 'first row', path: `/projects/${project.id}/dashboards`, awaited: { selector: 'tbody tr', text: dashboard.name } };
    const targets: Array<ColdTarget & VisitOptions> = [
      list,
      { label: 'deep link', path: `/projects/${project.id}/dashboards/${dashboard.id}`, awaited: { selector: 'h1', text: dashboard.name } },
      ...(process.env.ABLATION_WARM === '1' ? [{ ...list, label: 'warm first row', warm: true }] : []),
    ];
    const series: Array<{ name: string; url: string }> = [];
    for (const build of builds) {
      const server = await serve(build.dir, mock.url);
      servers.push(server);
      series.push({ name: build.name, url: server.url });
    }
    const floor = await startFloor(mock.url);
    servers.push(floor);
    series.push({ name: 'floor', url: floor.url });

    const times = new Map(series.map((entry) => [entry.name, targets.map(() => [] as number[])]));
    for (let round = 0; round < rounds; round += 1) {
      const order = series.map((_, index) => series[(index + round) % series.length]!);
      if (round % 2 === 1) order.reverse();
      for (const [t, target] of targets.entries()) {
        for (const entry of order) times.get(entry.name)![t]!.push(await coldVisit(new URL(target.path, entry.url).href, target.awaited, { warm: target.warm, ...(process.env.ABLATION_LOOPBACK !== '1' && { network: DESKTOP }) }));
      }
      process.stderr.write(`[ablation] round ${round + 1} of ${rounds}\n`);
    }
    const medians = (name: string) => times.get(name)!.map(median);
    const base = medians(builds[0]!.name);
    const floorMedians = medians('floor');
    const percent = (value: number, against: number) => `${value >= against ? '+' : ''}${((value / against - 1) * 100).toFixed(1)} %`;
    const header = targets.map((target) => `${target.label}, ms | against ${builds[0]!.name} | /floor`).join(' | ');
    const lines = [`| build | ${header} |`, `|---|${targets.map(() => '---|---|---|').join('')}`];
    for (const entry of series) {
      const cells = medians(entry.name).map((value, t) => `${Math.round(value)} | ${percent(value, base[t]!)} | ${(value / floorMedians[t]!).toFixed(2)}×`);
      lines.push(`| ${entry.name} | ${cells.join(' | ')} |`);
    }
    // Paired by round: each round visits every build once per target, so a build's time over the
    // first build's in the same round leaves out what the machine's load did between rounds.
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (sorted.length - 1) * q;
      return sorted[Math.floor(at)]! + (sorted[Math.ceil(at)]! - sorted[Math.floor(at)]!) * (at - Math.floor(at));
    };
    const paired = [`| build | ${targets.map((target) => `${target.label}: median (quartiles) of per-round ratios to ${builds[0]!.name}`).join(' | ')} |`, `|---|${targets.map(() => '---|').join('')}`];
    for (const entry of series.slice(1)) {
      const cells = targets.map((_, t) => {
        const ratios = times.get(entry.name)![t]!.map((value, round) => value / times.get(builds[0]!.name)![t]![round]! - 1);
        const pct = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
        return `${pct(median(ratios))} (${pct(quantile(ratios, 0.25))} to ${pct(quantile(ratios, 0.75))})`;
      });
      paired.push(`| ${entry.name} | ${cells.join(' | ')} |`);
    }
    process.stdout.write(`${lines.join('\n')}\n\n${rounds} rounds, medians.\n\n${paired.join('\n')}\n`);
  } finally {
    for (const server of servers) await server.close();
    await mock.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
