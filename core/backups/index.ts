/**
 * Backups of the files the service rewrites (templates, channel templates…): `backupFile` before a file is
 * overwritten or deleted, and the sweeper that keeps config/backups/ to the last 7 days.
 */
export { backupFile } from './backup-file.ts';
export { BACKUP_DIR, backupPath, backupStamp, stampOf } from './names.ts';
export { BACKUP_RETENTION_MS, BackupSweeper, SWEEP_INTERVAL_MS, type SweepResult, type SweeperOptions } from './sweeper.ts';
