/**
 * The core honours each plugin's disable switches ([general] disable_*); plugins never read them.
 */
import type { AnyAlertPlugin, DisableSwitch } from '../contract.ts';

export type SwitchReader = (name: DisableSwitch) => boolean;

/** Reads the switches from the [general] section: on when set to true. */
export function switchesIn(general: Readonly<Partial<Record<DisableSwitch, unknown>>>): SwitchReader {
  return (name) => general[name] === true;
}

/** Whether the plugin must ignore this webhook type: its own switch, or one of its switches for that type, is on. */
export function isDisabledFor(plugin: AnyAlertPlugin, webhookType: string, isOn: SwitchReader): boolean {
  if (plugin.disableSwitch && isOn(plugin.disableSwitch)) return true;
  return (plugin.extraDisableSwitches?.[webhookType] ?? []).some(isOn);
}

/**
 * Whether the plugin is switched off: every webhook type it reads is disabled (its own switch, or e.g.
 * `disable_stop` for lures and quests). Tracking commands and the API refuse new rules for such a plugin.
 */
export function isSwitchedOff(plugin: AnyAlertPlugin, isOn: SwitchReader): boolean {
  return plugin.webhookTypes.every((type) => isDisabledFor(plugin, type, isOn));
}
