const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deeply arrays and objects nest in a JSON text, read from its bytes before it is parsed (a
 * deeply nested body parses, but cannot be serialized again and costs time at every hop). Stops
 * counting once `stopAbove` is passed. Brackets inside strings do not count; the text need not be valid.
 */
export function jsonDepth(bytes: Uint8Array, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  return max;
}
