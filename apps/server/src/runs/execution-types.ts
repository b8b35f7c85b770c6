/** The API's execution shapes live in core, shared with the web app. */
export {
  EXECUTION_STATUSES,
  type ExecutionDetail,
  type ExecutionStatus,
  type ExecutionSummary,
  isActiveStatus,
  type NodeLogLine,
  type NodeResult,
  RUN_TRIGGERS,
  type RunTrigger,
  type RunUsage,
  type SequencedEvent,
} from '@weft/core';
