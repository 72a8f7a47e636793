/** JSON values and json-logic rules, as every kind of definition holds them (types.ts, rater-types.ts). */
import type { RulesLogic } from 'json-logic-js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
export type JsonLogic = RulesLogic | JsonValue;
