// The settings page's data export and account deletion sections, for app/routes/settings.tsx.
export { ExportDataSection } from './components/export-data-section';
export { DeleteAccountSection } from './components/delete-account-section';
