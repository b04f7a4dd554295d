/**
 * The most common passwords of eight characters or more, lower-cased, from the published lists of
 * leaked passwords (shorter ones are already refused by the length rule). A password whose
 * lower-cased form is here is refused at registration, reset and change, on the client and the
 * server alike.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '987654321', '11111111',
  '111111111', '1111111111', '00000000', '000000000', '0000000000', '88888888', '99999999',
  '12341234', '11223344', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4', 'q1w2e3r4t5',
  'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234', 'qwertyui', 'qwe123qwe', '1qaz2wsx',
  '1qaz2wsx3edc', 'zaq12wsx', 'zaq1zaq1', 'zxcvbnm1', 'zxcvbnm123', 'asdfghjkl', 'asdfghjk',
  'asdf1234', 'password', 'password1', 'password12', 'password123', 'password1234', 'password!',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa55word', 'passport', 'iloveyou', 'iloveyou1',
  'iloveyou2', 'sunshine', 'sunshine1', 'princess', 'princess1', 'football', 'football1',
  'baseball', 'baseball1', 'basketball', 'superman', 'superman1', 'batman123', 'starwars',
  'starwars1', 'trustno1', 'whatever', 'whatever1', 'welcome1', 'welcome123', 'welcome12',
  'letmein1', 'letmein123', 'changeme', 'changeme1', 'computer', 'computer1', 'internet',
  'michelle', 'jennifer', 'jordan23', 'charlie1', 'michael1', 'master123', 'masterkey',
  'mustang1', 'shadow12', 'shadow123', 'dragon12', 'dragon123', 'monkey123', 'chocolate',
  'butterfly', 'liverpool', 'chelsea1', 'arsenal1', 'manchester', 'midnight', 'blink182',
  'abc12345', 'abcd1234', 'abcdefgh', 'abcdefg1', 'aa123456', 'a1234567', 'a12345678',
  'a123456789', 'aa12345678', 'qazwsxedc', 'qazwsx123', '123qweasd', '123qweasdzxc',
  'qweasdzxc', 'qweasd123', '1234qwer', 'q1w2e3r4t5y6', 'asdasdasd', 'qweqweqwe', 'asd12345',
  'test1234', 'testtest', 'test12345', 'admin123', 'admin1234', 'administrator', 'adminadmin',
  'root1234', 'default1', 'letmein!', 'secret123', 'freedom1', 'samsung1', 'google123',
  'facebook', 'linkedin', 'myspace1', 'lovely123', 'loveyou1', 'fuckyou1', 'hello123',
  'hello1234', 'helloworld', 'pokemon1', 'naruto123', 'spiderman', 'harrypotter', 'cookie123',
  'summer2024', 'summer2025', 'summer2026', 'winter2024', 'winter2025', 'winter2026',
  'spring2025', 'autumn2025', 'december', 'november', 'september', 'qwerty123456', '123456qwerty',
  '123456789a', '12345678a', '1234567a', '123456789q', 'qwerty1!', 'password2', 'password01',
  'pass1234', 'pass12345', 'mypassword', 'yourpassword', 'nopassword', 'newpassword', 'trading1',
  'trader123', 'forex123', 'bitcoin1', 'bitcoin123', 'money123', 'moneymaker', 'millionaire',
  'ghbdtnghbdtn', 'qwertyqwerty', 'йцукенгш', 'пароль123', 'parol123', 'privet123', 'natasha1',
  'nastya123', 'maksim123', 'dima1234', 'anastasia', 'alexander', 'aleksandr', 'kristina',
  'svetlana', 'marina123', 'olga1234', 'lokomotiv', 'spartak1', 'zenit2011', 'vfrcbv123',
  '147258369', '159753456', '123654789', '741852963', '963852741', '192837465', '135792468',
  '12121212', '13131313', '69696969', '77777777', '11112222', '12344321', '123321123', '20102010',
]);

/** Whether a password is one of the most common ones (case does not make it safer). */
export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
