/**
 * The core honours each plugin's disable switches ([general] disable_*); plugins never read them.
 */
import type { AnyAlertPlugin, DisableSwitch } from '../contract.ts';

export type SwitchReader = (name: DisableSwitch) => boolean;

export function isDisabledFor(plugin: AnyAlertPlugin, webhookType: string, isOn: SwitchReader): boolean {
  if (plugin.disableSwitch && isOn(plugin.disableSwitch)) return true;
  return (plugin.extraDisableSwitches?.[webhookType] ?? []).some(isOn);
}
