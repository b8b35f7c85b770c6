/**
 * Only for components/schedules/ScheduleForm.tsx while the schedules change in progress
 * is open: it then imports `components/ui/control-styles.ts` itself, and this file goes
 * with its entry in scripts/architecture-rules.mjs (COMPONENTS_TO_EDITOR_ALLOWLIST).
 */
export { controlClasses } from '../../components/ui/control-styles';
