/**
 * spec §5's unit labels live in the contracts package, so the chat's cards (made on the server) and every screen
 * here read the same rule (issue 17: a chat card read '3 BHK, 4 BHK BHK Villa'). Kept as a path of its own so the
 * screens that import it need not change.
 */
export { propertyTypeLabel, unitLabel, unitSummary } from '@nivaas/contracts/unit-labels';
