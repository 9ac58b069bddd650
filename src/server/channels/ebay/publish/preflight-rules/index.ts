import { brandMpnRule } from './brand-mpn';
import { businessPoliciesRule } from './business-policies';
import { currencyRule } from './currency';
import { packageSizeRule } from './package-size';
import type { PreflightRule } from './rule';

/** Every rule the pre-flight runs after the category's own (leaf, required aspects, conditions); add a rule here. */
export const ebayPreflightRules: readonly PreflightRule[] = [brandMpnRule, packageSizeRule, businessPoliciesRule, currencyRule];

/** Aspects a rule here names itself: the category's required-aspect check leaves them to it. */
export const aspectsOwnedByRules: readonly string[] = ['MPN'];
