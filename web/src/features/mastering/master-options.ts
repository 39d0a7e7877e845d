// The mastering options as people see them: style, loudness target and output format,
// with their defaults. The values themselves are the domain's.
import {
  MASTER_DEFAULTS,
  MASTER_LOUDNESS_LUFS,
  type MasterFormatOption,
  type MasterLoudnessOption,
  type MasterStyleOption,
} from '../../../../domain/constants';
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { MasterSettings } from './api/create-master';

export const DEFAULT_MASTER_SETTINGS: MasterSettings = { ...MASTER_DEFAULTS };

export const STYLE_OPTIONS: { value: MasterStyleOption; label: string; hint: string }[] = [
  { value: 'warm', label: 'Warm', hint: 'Rounder low end, softer highs' },
  { value: 'balanced', label: 'Balanced', hint: 'Even tonal balance' },
  { value: 'open', label: 'Open', hint: 'More air and width' },
];

export const LOUDNESS_OPTIONS: { value: MasterLoudnessOption; label: string; lufs: number }[] = [
  { value: 'low', label: 'Low', lufs: MASTER_LOUDNESS_LUFS.low },
  { value: 'medium', label: 'Medium', lufs: MASTER_LOUDNESS_LUFS.medium },
  { value: 'high', label: 'High', lufs: MASTER_LOUDNESS_LUFS.high },
];

export const FORMAT_OPTIONS: { value: MasterFormatOption; label: string; hint: string }[] = [
  { value: 'wav', label: 'WAV', hint: 'Keeps the input sample rate and bit depth' },
  { value: 'cd', label: 'CD', hint: '44.1 kHz / 16-bit WAV' },
  { value: 'mp3', label: 'MP3', hint: '320 kbps' },
];

/** "−9 LUFS", with a real minus sign. */
export function formatLufs(lufs: number): string {
  return `${lufs < 0 ? '−' : ''}${Math.abs(lufs)} LUFS`;
}

function loudnessLabel(option: (typeof LOUDNESS_OPTIONS)[number]): string {
  return `${option.label} (${formatLufs(option.lufs)})`;
}

/** The loudness options as the pickers list them: "Medium (−9 LUFS)". */
export const LOUDNESS_CHOICES = LOUDNESS_OPTIONS.map((option) => ({ value: option.value, label: loudnessLabel(option) }));

/** One setting a master is made with, as a picker shows it; a chosen option's hint, if any, shows below. */
export interface MasterSettingField<K extends keyof MasterSettings = keyof MasterSettings> {
  key: K;
  label: string;
  options: { value: string; label: string; hint?: string }[];
}

export const MASTER_SETTING_FIELDS: MasterSettingField[] = [
  { key: 'style', label: 'Style', options: STYLE_OPTIONS },
  { key: 'loudness', label: 'Loudness', options: LOUDNESS_CHOICES },
  { key: 'format', label: 'Format', options: FORMAT_OPTIONS },
];

/** "Balanced · Medium (−9 LUFS) · WAV": the settings the master was made with, as far as known. */
export function masterSettingsText(item: Pick<VaultItem, 'landrMasterStyle' | 'landrMasterLoudness' | 'landrMasterFormat'>): string {
  const style = STYLE_OPTIONS.find((option) => option.value === item.landrMasterStyle);
  const loudness = LOUDNESS_OPTIONS.find((option) => option.value === item.landrMasterLoudness);
  const format = FORMAT_OPTIONS.find((option) => option.value === item.landrMasterFormat);
  return [style?.label, loudness && loudnessLabel(loudness), format?.label].filter(Boolean).join(' · ');
}
