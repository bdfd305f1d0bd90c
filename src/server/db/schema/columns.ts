import { date, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Columns many tables share, each a fresh builder per table. */
export const identity = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A day of the museum's time zone, as 'YYYY-MM-DD'. */
export const day = () => date('day', { mode: 'string' }).notNull();
/** A catalogue language code. */
export const language = () => text('language').notNull();
/** A number counted up from zero. */
export const counter = (name: string) => integer(name).notNull().default(0);
