/**
 * A project's settings in the console's words, in the order of the settings form: the form's
 * `Changed since you opened it` list and the activity log's changes both name fields by these.
 */
export const projectSettingLabels = {
  product_description: 'Product description',
  timezone: 'Time zone',
  week_start_day: 'Week starts on',
  app_urls: 'Authorized URLs',
  session_recording_opt_in: 'Record user sessions',
  session_recording_sample_rate: 'Sample rate',
  session_recording_minimum_duration_milliseconds: 'Minimum duration (ms)',
  anonymize_ips: 'Anonymize IP addresses',
  autocapture_opt_out: 'Disable autocapture',
  autocapture_exceptions_opt_in: 'Capture exceptions',
  autocapture_web_vitals_opt_in: 'Capture web vitals',
  capture_console_log_opt_in: 'Capture console logs',
  capture_performance_opt_in: 'Capture performance',
} as const;
