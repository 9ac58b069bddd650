export { AutopilotPanel } from './autopilot-panel';
export { AutopilotBatchSheet } from './autopilot-batch-sheet';
export { AutopilotSettingsSheet } from './autopilot-settings-sheet';
