/**
 * A value built the first time anything reads it, which stands for it everywhere: every property
 * read, `in`, `instanceof` and key listing reaches the built value.
 *
 * The contract's schemas are built this way. Building all of them when the module is evaluated
 * took 12 to 21 ms of a cold first visit's main thread before anything was painted, while the
 * first screen parses one or two answers: each schema is now built when it is first used (the
 * answer it parses, a schema made from it, the mock's serializer reading its `.shape`).
 */
export function lazy<T extends object>(build: () => T): T {
  let value: T | undefined;
  const built = (): T => (value ??= build());
  // The proxy's own target stays an empty object: what a key listing or a descriptor reports comes
  // from the built value, and a property the built value cannot reconfigure is copied onto the
  // target first, as the language requires of a proxy that reports one.
  const target = {} as T;
  return new Proxy(target, {
    get: (_, key) => Reflect.get(built(), key, built()),
    set: (_, key, next) => Reflect.set(built(), key, next, built()),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      if (descriptor && !descriptor.configurable && !Reflect.getOwnPropertyDescriptor(target, key)) {
        Reflect.defineProperty(target, key, descriptor);
      }
      return descriptor;
    },
  });
}
