/**
 * Saving DTS templates from the API: validation, the file plan and the service that writes, backs up and
 * reloads (see docs/dts.md, "Saving from the API").
 */
export { TemplateFiles, type ReloadSummary, type SaveResult, type SavedTemplate, type TemplateFilesOptions } from './saver.ts';
export { templateFileName, ANY_PART } from './file-name.ts';
export { validateSave, type SaveItem } from './validate.ts';
export { planSave, type ConfigFileText, type SavePlan } from './plan.ts';
