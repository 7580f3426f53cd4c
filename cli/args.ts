/**
 * A small argument parser for the CLI: `--flag`, `--key value`, `--key=value`, `-o value`, `--`.
 */

/** Declares a command's flags and their kinds; repeated `list` flags collect every value. */
export interface ArgSpec {
  readonly flags: Readonly<Record<string, 'boolean' | 'string' | 'list'>>;
  readonly aliases?: Readonly<Record<string, string>>;
}

/** Parsed arguments. */
export interface ParsedArgs {
  readonly flags: Record<string, string | boolean | string[] | undefined>;
  readonly positional: string[];
}

/** Parses argv against a spec; unknown flags and missing values are errors. */
export function parseArgs(argv: readonly string[], spec: ArgSpec): { ok: true; value: ParsedArgs } | { ok: false; error: string } {
  const flags: ParsedArgs['flags'] = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      positional.push(a);
      continue;
    }
    const body = a.replace(/^--?/, '');
    const eq = body.indexOf('=');
    let name = eq >= 0 ? body.slice(0, eq) : body;
    name = spec.aliases?.[name] ?? name;
    const kind = spec.flags[name];
    if (!kind) return { ok: false, error: `unknown option '${a}'.` };
    if (kind === 'boolean') {
      if (eq >= 0) return { ok: false, error: `option '--${name}' takes no value.` };
      flags[name] = true;
      continue;
    }
    let value: string | undefined = eq >= 0 ? body.slice(eq + 1) : argv[i + 1];
    if (eq < 0) i++;
    if (value === undefined || (eq < 0 && value.startsWith('-') && value.length > 1)) return { ok: false, error: `option '--${name}' needs a value.` };
    if (kind === 'list') {
      const prev = flags[name];
      flags[name] = [...(Array.isArray(prev) ? prev : []), value];
    } else flags[name] = value;
  }
  return { ok: true, value: { flags, positional } };
}
