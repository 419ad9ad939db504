/**
 * Auto-create channel templates (`config/channelTemplate.json`): the typed form, the lint that produces it,
 * the file's reading and writing, placeholder filling and role flags → Discord permission bits.
 */
export {
  BUTTON_STYLES,
  CHANNEL_TYPES,
  CONTROL_TYPES,
  PERMISSION_FLAG_GROUPS,
  PERMISSION_FLAGS,
  type ButtonStyle,
  type CategorySpec,
  type ChannelEntry,
  type ChannelTemplate,
  type ChannelType,
  type ControlType,
  type PermissionFlag,
  type PermissionFlagGroup,
  type ProblemSeverity,
  type RoleOverwriteEntry,
  type TemplateProblem,
  type ThreadEntry,
  type ThreadPickerSpec,
} from './types.ts';
export { hasTemplateErrors, lintChannelTemplates, normaliseChannelTemplates, type NormalisedTemplates } from './lint.ts';
export {
  CHANNEL_TEMPLATE_FILE,
  readChannelTemplateFile,
  removeChannelTemplate,
  writeChannelTemplateFile,
  type ChannelTemplateFile,
  type WrittenTemplates,
} from './file.ts';
export { fillCommand, fillField, fillText, fillVisible, placeholderIndexes, threadCommandArgs, type PlaceholderField } from './placeholders.ts';
export { overwriteBits, PERMISSION_BITS } from './permissions.ts';
