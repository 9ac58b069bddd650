/**
 * The most used passwords of at least six characters, from public breach corpora (SecLists' most common lists):
 * the ones a guesser tries first. Lower case; the check ignores case.
 */
export const commonPasswords: ReadonlySet<string> = new Set([
  '123456', 'password', '12345678', 'qwerty', '123456789', '1234567', '111111', '1234567890', '123123', 'abc123',
  'password1', 'iloveyou', '1q2w3e4r', '000000', 'qwerty123', 'zaq12wsx', 'dragon', 'sunshine', 'princess',
  'letmein', '654321', 'monkey', '1qaz2wsx', '123321', 'qwertyuiop', 'superman', 'asdfghjkl', '666666', '121212',
  'football', 'baseball', 'welcome', 'shadow', 'master', 'michael', '123qwe', '987654321', 'admin123', 'trustno1',
  'passw0rd', 'password123', '112233', '7777777', '888888', '555555', '159753', '123654', 'killer', 'jordan23',
  'charlie', 'donald', 'aa123456', 'computer', 'whatever', 'starwars', 'freedom', 'batman', 'hello123', 'access',
  'mustang', 'liverpool', 'chelsea', 'arsenal', 'jennifer', 'jessica', 'hunter2', 'ashley', 'bailey', 'michelle',
  'nicole', 'daniel', 'thomas', 'hannah', 'qazwsx', 'asdfgh', 'zxcvbnm', 'zxcvbn', '1qazxsw2', 'q1w2e3r4',
  'q1w2e3r4t5', '1q2w3e4r5t', '1q2w3e', 'qwe123', 'qwerty1', 'abcdef', 'abcd1234', 'a123456', '123abc', 'secret',
  'changeme', 'welcome1', 'login1', 'admin1', 'administrator', 'default', 'iloveu', 'loveme', 'lovely', 'flower',
  'summer', 'winter', 'spring', 'autumn', 'soccer', 'hockey', 'ranger', 'buster', 'tigger', 'pepper', 'ginger',
  'cookie', 'cheese', 'banana', 'orange', 'purple', 'silver', 'golden', 'diamond', 'matrix', 'yankees', 'maggie',
  'jordan', 'harley', 'robert', 'andrew', 'joshua', 'matthew', 'anthony', 'taylor', 'amanda', 'samantha', 'sophie',
  '1234qwer', 'qwer1234', 'asdf1234', 'zaq1zaq1', '11111111', '00000000', '12341234', '123123123', '1234512345',
  '222222', '333333', '444444', '999999', '101010', '131313', '696969', '123456a', '123456q', 'qwertyu',
  'passwort', 'motdepasse', 'contraseña', 'senha123', 'azerty', 'azerty123', 'resale', 'ebay123', 'seller',
]);
