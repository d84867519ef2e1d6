// A project's settings in the console's words: the settings form's `Changed since you opened it`
// list and the activity log name fields by these (CONSOLE.md's names of the form's controls).
import { describe, expect, it } from 'vitest';
import { projectSettingLabels } from '../../../src/components/project/project-setting-labels.ts';

describe('projectSettingLabels', () => {
  it('names every writable setting in the order of the settings form', () => {
    expect(Object.keys(projectSettingLabels)).toEqual([
      'product_description',
      'timezone',
      'week_start_day',
      'app_urls',
      'session_recording_opt_in',
      'session_recording_sample_rate',
      'session_recording_minimum_duration_milliseconds',
      'anonymize_ips',
      'autocapture_opt_out',
      'autocapture_exceptions_opt_in',
      'autocapture_web_vitals_opt_in',
      'capture_console_log_opt_in',
      'capture_performance_opt_in',
    ]);
  });

  it('uses the form controls\' exact names', () => {
    expect(projectSettingLabels).toMatchObject({
      product_description: 'Product description',
      timezone: 'Time zone',
      week_start_day: 'Week starts on',
      app_urls: 'Authorized URLs',
      session_recording_opt_in: 'Record user sessions',
      session_recording_sample_rate: 'Sample rate',
      session_recording_minimum_duration_milliseconds: 'Minimum duration (ms)',
      anonymize_ips: 'Anonymize IP addresses',
    });
  });

  it('gives each setting a name of its own', () => {
    const labels = Object.values(projectSettingLabels);
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels).size).toBe(labels.length);
  });
});
