/**
 * The one place that reads the disable switches: the [general] keys plugins declare (`AlertPlugin.disableSwitches`,
 * the same list as in their config spec) and the core honours; plugins never read them. The pipeline skips a
 * disabled webhook type, tracking commands and the API refuse new rules for a switched-off plugin, and the
 * previous generation's client config lists the names web clients know the switches that are on by.
 */
import type { Config, DisableSwitchSpec } from './config/index.ts';
import type { AnyAlertPlugin } from './contract.ts';

/** Whether a switch key is on. */
export type SwitchReader = (key: string) => boolean;

/** a widening view: the switches are keys the plugins contributed to [general] */
function generalOf(config: Config): Readonly<Record<string, unknown>> {
  return config.general as unknown as Readonly<Record<string, unknown>>;
}

/** Reads the switches from the [general] section: on when set to true. */
export function switchReader(config: Config): SwitchReader {
  const general = generalOf(config);
  return (key) => general[key] === true;
}

/**
 * Switch keys plugins declare that the config was not validated with (a module whose `config` export does not
 * list them): they can never be turned on, so the start warns about them.
 */
export function undeclaredSwitches(plugins: readonly AnyAlertPlugin[], config: Config): string[] {
  const general = generalOf(config);
  return [...new Set(plugins.flatMap((p) => (p.disableSwitches ?? []).map((s) => s.key)))].filter((key) => !Object.hasOwn(general, key));
}

function covers(spec: DisableSwitchSpec, webhookType: string): boolean {
  return spec.webhookTypes === undefined || spec.webhookTypes.includes(webhookType);
}

/** Whether the plugin must ignore this webhook type: one of its switches covering that type is on. */
export function isDisabledFor(plugin: AnyAlertPlugin, webhookType: string, isOn: SwitchReader): boolean {
  return (plugin.disableSwitches ?? []).some((spec) => covers(spec, webhookType) && isOn(spec.key));
}

/**
 * Whether the plugin is switched off: every webhook type it reads is disabled (its own switch, or e.g.
 * `disable_stop` for lures and quests); a plugin reading no webhooks is off when a switch of its own (one not
 * limited to some webhook types) is on. Tracking commands and the API refuse new rules for such a plugin.
 */
export function isSwitchedOff(plugin: AnyAlertPlugin, isOn: SwitchReader): boolean {
  if (plugin.webhookTypes.length === 0) return (plugin.disableSwitches ?? []).some((spec) => spec.webhookTypes === undefined && isOn(spec.key));
  return plugin.webhookTypes.every((type) => isDisabledFor(plugin, type, isOn));
}

/** The previous-generation client names of the switches that are on, each once, sorted. */
export function clientNamesOff(switches: readonly DisableSwitchSpec[], isOn: SwitchReader): string[] {
  return [...new Set(switches.flatMap((spec) => (isOn(spec.key) ? (spec.clientNames ?? []) : [])))].sort();
}
