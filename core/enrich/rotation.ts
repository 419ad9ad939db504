/**
 * Round-robin over an operator's list of API keys ([geocoding] geocoding_key, static_key).
 */

/** Each call returns the next key, wrapping around; '' when the list is empty. */
export function roundRobin(keys: readonly string[]): () => string {
  const usable = keys.filter((k) => k.trim() !== '');
  let next = 0;
  return () => {
    if (usable.length === 0) return '';
    const key = usable[next % usable.length]!;
    next = (next + 1) % usable.length;
    return key;
  };
}
