export { AutopilotPanel } from './autopilot-panel';
export { AutopilotBatchSheet } from './autopilot-batch-sheet';
export { AutopilotSettingsSheet } from './autopilot-settings-sheet';
export { AutopilotSettingsRow } from './autopilot-settings-row';
export { AutopilotCardStatus } from './autopilot-card-status';
