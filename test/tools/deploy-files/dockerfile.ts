/**
 * Dockerfile instruction syntax, checked without a daemon: continuation lines joined, each instruction known,
 * FROM first (after ARGs), stages named once, `COPY --from` naming an earlier stage, JSON (exec) forms that are
 * arrays of strings, HEALTHCHECK and STOPSIGNAL and EXPOSE arguments well formed. Returns the parsed stages so
 * the project's own expectations can be checked on top.
 */

export interface Instruction {
  readonly line: number;
  /** upper-case keyword */
  readonly keyword: string;
  /** everything after the keyword, continuation lines joined with a space */
  readonly args: string;
}

export interface Stage {
  readonly name: string | undefined;
  readonly from: string;
  readonly instructions: Instruction[];
}

export interface ParsedDockerfile {
  readonly globalArgs: Instruction[];
  readonly stages: Stage[];
}

const KEYWORDS = new Set([
  'ADD', 'ARG', 'CMD', 'COPY', 'ENTRYPOINT', 'ENV', 'EXPOSE', 'FROM', 'HEALTHCHECK', 'LABEL', 'MAINTAINER',
  'ONBUILD', 'RUN', 'SHELL', 'STOPSIGNAL', 'USER', 'VOLUME', 'WORKDIR',
]);
const EXEC_FORM = new Set(['CMD', 'ENTRYPOINT', 'RUN', 'SHELL', 'VOLUME', 'ADD', 'COPY']);
const DURATION = /^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$/;
const SIGNAL = /^(SIG[A-Z0-9]+|[0-9]+|SIGRTMIN\+[0-9]+)$/;

export class DockerfileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Dockerfile line ${line}: ${message}`);
  }
}

/** The instructions, continuation lines joined and comments dropped. */
export function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { line: number; parts: string[] } | null = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#') || (trimmed === '' && pending === null)) return;
    if (trimmed === '') return; // an empty line inside a continuation is allowed (and deprecated)
    const continues = trimmed.endsWith('\\');
    const part = continues ? trimmed.slice(0, -1).trim() : trimmed;
    if (pending === null) pending = { line: i + 1, parts: [] };
    pending.parts.push(part);
    if (!continues) {
      out.push(toInstruction(pending.line, pending.parts.join(' ')));
      pending = null;
    }
  });
  if (pending !== null) throw new DockerfileError((pending as { line: number }).line, 'the last instruction ends with a line continuation');
  return out;
}

function toInstruction(line: number, text: string): Instruction {
  const m = /^(\S+)\s*(.*)$/.exec(text)!;
  const keyword = m[1]!.toUpperCase();
  if (!KEYWORDS.has(keyword)) throw new DockerfileError(line, `unknown instruction ${m[1]}`);
  return { line, keyword, args: m[2]!.trim() };
}

/** Parses a JSON (exec) form; undefined when the arguments are in shell form. */
export function execForm(ins: Instruction): string[] | undefined {
  if (!ins.args.startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(ins.args);
  } catch {
    throw new DockerfileError(ins.line, `${ins.keyword}: the JSON form does not parse (Docker would run it as a shell string): ${ins.args}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((p) => typeof p === 'string')) {
    throw new DockerfileError(ins.line, `${ins.keyword}: the JSON form must be a non-empty array of strings`);
  }
  return parsed as string[];
}

/** Splits `--name=value` flags off the front of the arguments. */
export function flags(args: string): { flags: Map<string, string>; rest: string } {
  const out = new Map<string, string>();
  let rest = args;
  for (let m = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest); m; m = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest)) {
    out.set(m[1]!, m[2] ?? '');
    rest = rest.slice(m[0].length);
  }
  return { flags: out, rest };
}

export function parseDockerfile(text: string): ParsedDockerfile {
  const all = instructions(text);
  const globalArgs: Instruction[] = [];
  const stages: Stage[] = [];
  for (const ins of all) {
    if (ins.keyword === 'FROM') {
      stages.push(fromStage(ins, stages));
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) {
      if (ins.keyword !== 'ARG') throw new DockerfileError(ins.line, `${ins.keyword} before the first FROM (only ARG may come first)`);
      globalArgs.push(ins);
      continue;
    }
    checkInstruction(ins, stages);
    stage.instructions.push(ins);
  }
  if (stages.length === 0) throw new DockerfileError(1, 'no FROM');
  return { globalArgs, stages };
}

function fromStage(ins: Instruction, stages: Stage[]): Stage {
  const { flags: f, rest } = flags(ins.args);
  for (const name of f.keys()) if (name !== 'platform') throw new DockerfileError(ins.line, `FROM: unknown flag --${name}`);
  const m = /^(\S+)(?:\s+[aA][sS]\s+([a-zA-Z][a-zA-Z0-9_.-]*))?$/.exec(rest);
  if (!m) throw new DockerfileError(ins.line, `FROM: expected "image [AS name]": ${ins.args}`);
  const name = m[2]?.toLowerCase();
  if (name !== undefined && stages.some((s) => s.name === name)) throw new DockerfileError(ins.line, `FROM: stage ${name} is named twice`);
  return { name, from: m[1]!, instructions: [] };
}

function checkInstruction(ins: Instruction, stages: Stage[]): void {
  if (ins.args === '' ) throw new DockerfileError(ins.line, `${ins.keyword} needs arguments`);
  if (EXEC_FORM.has(ins.keyword) && !(ins.keyword === 'ADD' || ins.keyword === 'COPY')) execForm(ins);
  switch (ins.keyword) {
    case 'COPY':
    case 'ADD': {
      const { flags: f, rest } = flags(ins.args);
      const from = f.get('from');
      if (from !== undefined) {
        const earlier = stages.slice(0, -1);
        const known = earlier.some((s) => s.name === from.toLowerCase()) || (/^[0-9]+$/.test(from) && Number(from) < earlier.length);
        if (!known && !from.includes('/') && !from.includes(':')) throw new DockerfileError(ins.line, `${ins.keyword} --from=${from}: no earlier stage of that name`);
      }
      const parts = rest.startsWith('[') ? execForm({ ...ins, args: rest })! : rest.split(/\s+/);
      if (parts.length < 2) throw new DockerfileError(ins.line, `${ins.keyword} needs a source and a destination`);
      break;
    }
    case 'HEALTHCHECK': {
      const { flags: f, rest } = flags(ins.args);
      for (const [name, value] of f) {
        if (['interval', 'timeout', 'start-period', 'start-interval'].includes(name)) {
          if (!DURATION.test(value)) throw new DockerfileError(ins.line, `HEALTHCHECK --${name}=${value}: not a duration`);
        } else if (name === 'retries') {
          if (!/^[0-9]+$/.test(value)) throw new DockerfileError(ins.line, `HEALTHCHECK --retries=${value}: not a number`);
        } else {
          throw new DockerfileError(ins.line, `HEALTHCHECK: unknown flag --${name}`);
        }
      }
      if (rest === 'NONE') break;
      const m = /^CMD\s+(.+)$/.exec(rest);
      if (!m) throw new DockerfileError(ins.line, 'HEALTHCHECK: expected CMD <command> or NONE');
      execForm({ ...ins, args: m[1]! });
      break;
    }
    case 'STOPSIGNAL':
      if (!SIGNAL.test(ins.args)) throw new DockerfileError(ins.line, `STOPSIGNAL ${ins.args}: not a signal`);
      break;
    case 'EXPOSE':
      for (const p of ins.args.split(/\s+/)) {
        if (!/^[0-9]+(-[0-9]+)?(\/(tcp|udp))?$/.test(p)) throw new DockerfileError(ins.line, `EXPOSE ${p}: not a port`);
      }
      break;
    case 'ENV':
    case 'LABEL':
      if (!/^[A-Za-z_][A-Za-z0-9_.-]*(=|\s)/.test(ins.args)) throw new DockerfileError(ins.line, `${ins.keyword}: expected key=value`);
      break;
    default:
      break;
  }
}

/** The instructions of a stage with one keyword. */
export function named(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}
