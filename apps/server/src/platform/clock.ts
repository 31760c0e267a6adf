// The retailer's calendar: which day it is where the business happens.

// One definition with the web app's (a query page's `today` default is the server's): the contract's.
export { businessDay } from '@portal/contract';
