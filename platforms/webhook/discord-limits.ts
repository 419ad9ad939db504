/**
 * Discord's documented message limits (characters unless said otherwise); longer text is truncated to fit.
 */
export const DISCORD_LIMITS = {
  content: 2000,
  username: 80,
  embedsPerMessage: 10,
  title: 256,
  description: 4096,
  fieldsPerEmbed: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** every title, description, field name/value, footer text and author name of one message together */
  embedTotal: 6000,
} as const;
