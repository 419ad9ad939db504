/**
 * Scanner payload reading shared by the alert plugins: typed field readers that collect readable problems.
 */
export { PayloadFields, asPayload, type Payload } from './fields.ts';
