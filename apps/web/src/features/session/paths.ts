// Where 我的会话 lives: the user menu opens it, the signed-in routes serve it (it is in no server menu).
export const mySessionsPath = '/mySessions';
