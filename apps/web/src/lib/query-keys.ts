// Query keys that more than one area reads or refreshes: a change in one area refreshes what another shows.
export const dashboardKeys = { all: ['dashboard'] as const };
