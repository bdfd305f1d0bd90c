/**
 * The database's tables, in files by what they hold (schema/): drizzle-kit reads this module
 * (drizzle.config.ts), and the code imports every table from here.
 */
import {
  museums,
  users,
  sessions,
  loginThrottle,
  treeItemIds,
  folders,
  articles,
  articleRevisions,
  circuits,
  circuitStops,
  qrcodes,
} from './schema/core.ts';
import {
  dailyCounts,
  dailyCircuitScans,
  dailyArticleScans,
  dailyLanguageScans,
  dailyReadingTimes,
  dailyCircuitProgress,
  dailyGuideVisits,
} from './schema/counts.ts';
import {
  checkedTranslations,
  visitorReports,
  glossaryTerms,
  translationStatus,
  translationQueue,
  engineUsage,
  engineHolds,
  engineMinutes,
  translationFailures,
} from './schema/translation.ts';
import { jobs } from './schema/jobs.ts';

export * from './schema/core.ts';
export * from './schema/counts.ts';
export * from './schema/translation.ts';
export * from './schema/jobs.ts';

export const schema = {
  museums,
  users,
  sessions,
  loginThrottle,
  treeItemIds,
  folders,
  articles,
  articleRevisions,
  circuits,
  circuitStops,
  qrcodes,
  dailyCounts,
  dailyCircuitScans,
  dailyArticleScans,
  dailyLanguageScans,
  dailyReadingTimes,
  dailyCircuitProgress,
  dailyGuideVisits,
  checkedTranslations,
  visitorReports,
  glossaryTerms,
  translationStatus,
  translationQueue,
  engineUsage,
  engineHolds,
  engineMinutes,
  translationFailures,
  jobs,
};
