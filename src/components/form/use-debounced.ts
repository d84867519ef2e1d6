/** `value`, once it has stayed the same for `delayMs`: a server search waits for typing to pause. */
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delayMs = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
