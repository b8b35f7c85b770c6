import { parseArgs } from 'node:util';

/**
 * A benchmark's command line, `--name value` for each of `defaults`: a number where the
 * default is a number, a string where it is a string, and a flag (`--name`, no value) where
 * it is `false`. Every benchmark took strings and converted them one by one; a typo in
 * `--seconds ten` now fails at the start instead of measuring NaN seconds.
 */
export function benchOptions(defaults) {
  const options = {};
  for (const [name, value] of Object.entries(defaults)) {
    options[name] = value === false ? { type: 'boolean', default: false } : { type: 'string', default: String(value) };
  }
  const { values } = parseArgs({ options });
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value !== 'number') continue;
    const number = Number(values[name]);
    if (!Number.isFinite(number)) throw new Error(`--${name} takes a number, not "${values[name]}"`);
    values[name] = number;
  }
  return values;
}
