/**
 * A value built the first time a property of it is read, which then stands for it: property reads
 * and writes, `in` and `instanceof` reach the built value. (Not key listings or spreads: the
 * contract reads its schemas by property, and builds its plain field lists with functions.)
 *
 * The contract's schemas are built this way. Building all of them when their modules were
 * evaluated took 15 to 40 ms of a cold first visit's main thread before anything was painted,
 * while the first screen parses one or two answers: each schema is now built when it is first used
 * (the answer it parses, a schema made from it, the mock's serializer reading its `.shape`).
 */
export function lazy<T extends object>(build: () => T): T {
  let value: T | undefined;
  const built = (): T => (value ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, next) => Reflect.set(built(), key, next),
    has: (_, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
