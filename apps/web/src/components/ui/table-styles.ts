/** The look the app's data tables share (workflows, runs, schedules), skeletons included. */
export const tableFrameClasses = 'overflow-hidden rounded-xl border border-line bg-surface shadow-xs';
export const tableClasses = 'w-full table-fixed border-collapse text-sm';
export const td = 'px-4 py-3 align-middle';
