/**
 * One operator-written channel-template entry → its normalised form (types.ts), recording every problem with
 * its path. The reading never stops at the first problem: a wrong field gets its default so the rest of the
 * entry is still checked. Whether the entry is usable is the caller's question (did the error count grow?).
 */
import {
  checkKeys,
  describeValue,
  indexPath,
  isObject,
  keyPath,
  oneOf,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
  requiredString,
  stringArray,
  type JsonObject,
  type ProblemList,
} from './read-fields.ts';
import {
  BUTTON_STYLES,
  CHANNEL_TYPES,
  CONTROL_TYPES,
  PERMISSION_FLAGS,
  type CategorySpec,
  type ChannelEntry,
  type ChannelTemplate,
  type PermissionFlag,
  type RoleOverwriteEntry,
  type ThreadEntry,
  type ThreadPickerSpec,
} from './types.ts';

const TEMPLATE_KEYS = ['name', 'definition'];
const DEFINITION_KEYS = ['category', 'channels'];
const CATEGORY_KEYS = ['categoryName', 'roles'];
const CHANNEL_KEYS = ['channelName', 'channelType', 'topic', 'controlType', 'webhookName', 'roles', 'commands', 'threads', 'threadPicker'];
const THREAD_KEYS = ['name', 'buttonLabel', 'buttonStyle', 'commands'];
const PICKER_KEYS = ['embedTitle', 'embedDescription', 'pinned'];
const ROLE_KEYS = ['name', ...PERMISSION_FLAGS];

function readRole(value: unknown, path: string, problems: ProblemList): RoleOverwriteEntry | null {
  if (!isObject(value)) {
    problems.error(path, `each role overwrite must be an object with a name, not ${describeValue(value)}`);
    return null;
  }
  checkKeys(value, ROLE_KEYS, path, problems, 'a role overwrite');
  const name = requiredString(value, 'name', path, problems);
  const allow: PermissionFlag[] = [];
  const deny: PermissionFlag[] = [];
  for (const flag of PERMISSION_FLAGS) {
    const setting = value[flag];
    if (setting === true) allow.push(flag);
    else if (setting === false) deny.push(flag);
    else if (setting !== undefined && setting !== null) {
      problems.error(keyPath(path, flag), `${flag} must be true (allow), false (deny) or null (inherit), not ${describeValue(setting)}`);
    }
  }
  return { name, allow, deny };
}

function readRoles(obj: JsonObject, path: string, problems: ProblemList): RoleOverwriteEntry[] {
  const at = keyPath(path, 'roles');
  return optionalArray(obj, 'roles', path, problems, 'role overwrites')
    .map((role, i) => readRole(role, indexPath(at, i), problems))
    .filter((role): role is RoleOverwriteEntry => role !== null);
}

function readThread(value: unknown, path: string, problems: ProblemList): ThreadEntry | null {
  if (!isObject(value)) {
    problems.error(path, `each thread must be an object with a name, not ${describeValue(value)}`);
    return null;
  }
  checkKeys(value, THREAD_KEYS, path, problems, 'a thread');
  const label = optionalString(value, 'buttonLabel', path, problems);
  return {
    name: requiredString(value, 'name', path, problems),
    buttonLabel: label === '' ? null : label,
    buttonStyle: oneOf(value, 'buttonStyle', path, problems, BUTTON_STYLES, 'secondary'),
    commands: stringArray(value, 'commands', path, problems),
  };
}

/** Threads of one channel; two with the same button label (the thread name when none) would share one thread. */
function readThreads(obj: JsonObject, path: string, problems: ProblemList): ThreadEntry[] {
  const at = keyPath(path, 'threads');
  const threads: ThreadEntry[] = [];
  const labels = new Map<string, number>();
  optionalArray(obj, 'threads', path, problems, 'thread entries').forEach((value, i) => {
    const thread = readThread(value, indexPath(at, i), problems);
    if (!thread) return;
    threads.push(thread);
    const label = thread.buttonLabel ?? thread.name;
    const first = labels.get(label);
    if (first === undefined) labels.set(label, i);
    else if (label !== '') {
      problems.error(indexPath(at, i), `threads[${first}] and threads[${i}] have the same button label "${label}": give each thread its own name or buttonLabel`);
    }
  });
  return threads;
}

function readPicker(obj: JsonObject, path: string, problems: ProblemList): ThreadPickerSpec | null {
  const picker = optionalObject(obj, 'threadPicker', path, problems);
  if (!picker) return null;
  const at = keyPath(path, 'threadPicker');
  checkKeys(picker, PICKER_KEYS, at, problems, 'a threadPicker');
  return {
    embedTitle: optionalString(picker, 'embedTitle', at, problems),
    embedDescription: optionalString(picker, 'embedDescription', at, problems),
    pinned: optionalBoolean(picker, 'pinned', at, problems),
  };
}

function readChannel(value: unknown, path: string, problems: ProblemList): ChannelEntry | null {
  if (!isObject(value)) {
    problems.error(path, `each channel must be an object with a channelName, not ${describeValue(value)}`);
    return null;
  }
  checkKeys(value, CHANNEL_KEYS, path, problems, 'a channel');
  const channelName = requiredString(value, 'channelName', path, problems);
  const channelType = oneOf(value, 'channelType', path, problems, CHANNEL_TYPES, 'text');
  const controlType = oneOf(value, 'controlType', path, problems, CONTROL_TYPES, '');
  const webhookName = optionalString(value, 'webhookName', path, problems);
  if (webhookName !== '' && controlType !== 'webhook') {
    problems.warn(keyPath(path, 'webhookName'), `webhookName is only used when controlType is "webhook" (here it is "${controlType}")`);
  }
  const topic = optionalString(value, 'topic', path, problems);
  const roles = readRoles(value, path, problems);
  const commands = stringArray(value, 'commands', path, problems);
  const threads = readThreads(value, path, problems);
  const threadPicker = readPicker(value, path, problems);

  if (channelType === 'voice') {
    const ignored = ['topic', 'commands', 'threads', 'threadPicker'].filter((key) => value[key] !== undefined && value[key] !== null);
    if (ignored.length > 0) problems.warn(path, `voice channels ignore ${ignored.join(', ')}`);
  } else if (threadPicker && threads.length === 0) {
    problems.warn(keyPath(path, 'threadPicker'), 'threadPicker is set but there are no threads: the picker would have no buttons');
  }
  const text = channelType === 'text';
  return {
    channelName,
    channelType,
    topic: text ? topic : '',
    controlType,
    webhookName: controlType === 'webhook' && webhookName !== '' ? webhookName : null,
    roles,
    commands: text ? commands : [],
    threads: text ? threads : [],
    threadPicker: text ? threadPicker : null,
  };
}

function readCategory(obj: JsonObject, path: string, problems: ProblemList): CategorySpec | null {
  const category = optionalObject(obj, 'category', path, problems);
  if (!category) return null;
  const at = keyPath(path, 'category');
  checkKeys(category, CATEGORY_KEYS, at, problems, 'the category');
  return { categoryName: requiredString(category, 'categoryName', at, problems), roles: readRoles(category, at, problems) };
}

function readChannels(definition: JsonObject, path: string, problems: ProblemList): ChannelEntry[] {
  const at = keyPath(path, 'channels');
  const value = definition['channels'];
  if (value === undefined || value === null) {
    problems.error(at, 'channels is required: a template creates at least one channel');
    return [];
  }
  if (!Array.isArray(value)) {
    problems.error(at, `channels must be an array of channel entries, not ${describeValue(value)}`);
    return [];
  }
  if (value.length === 0) problems.error(at, 'channels must hold at least one channel');
  return value.map((channel, i) => readChannel(channel, indexPath(at, i), problems)).filter((c): c is ChannelEntry => c !== null);
}

function readName(entry: JsonObject, path: string, problems: ProblemList): string {
  const name = requiredString(entry, 'name', path, problems);
  if (/\s/.test(name)) problems.error(keyPath(path, 'name'), `name must not contain spaces: "${name}"`);
  return name;
}

/** One entry `{ name, definition }` at `path` (`[i]`); null when it is not even an object. */
export function readTemplateEntry(value: unknown, path: string, problems: ProblemList): ChannelTemplate | null {
  if (!isObject(value)) {
    problems.error(path, `each template must be an object with name and definition, not ${describeValue(value)}`);
    return null;
  }
  checkKeys(value, TEMPLATE_KEYS, path, problems, 'a template');
  const name = readName(value, path, problems);
  const at = keyPath(path, 'definition');
  const definition = value['definition'];
  if (!isObject(definition)) {
    const missing = definition === undefined || definition === null;
    problems.error(at, missing ? 'definition is required' : `definition must be an object, not ${describeValue(definition)}`);
    return { name, category: null, channels: [] };
  }
  checkKeys(definition, DEFINITION_KEYS, at, problems, 'the definition');
  return { name, category: readCategory(definition, at, problems), channels: readChannels(definition, at, problems) };
}
