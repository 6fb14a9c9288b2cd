/*
 * A Hearts bot for the original (Zadikian) competition server, written from its communication
 * spec alone. Like the spec's C template it plays the first legal card of its hand, in the order
 * the hand was dealt.
 *
 *     cc -O2 -o hearts_bot hearts_bot.c
 *     ./hearts_bot [name]
 *
 * As the template does, it makes two named pipes, /tmp/<name>In (the server writes, the bot
 * reads) and /tmp/<name>Out (the bot writes), opens its In and then its Out, and talks in framed
 * messages: a length header (7 bits a byte, least significant group first, the high bit set on
 * every byte but the last), then a NUL-ended text whose length counts the NUL. Without a name it
 * makes up 15 random letters. It answers `@` with its name, `[` with the index of a card in the
 * hand as dealt, `^` with `^`, and stops at `;` or when the server closes its pipe.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_HAND 17
#define MAX_MESSAGE 4096
#define HEARTS 1
#define CLUBS 2
#define SPADES 4
#define TWO_OF_CLUBS (CLUBS * 14 + 1)
#define QUEEN_OF_SPADES (SPADES * 14 + 11)
#define suitOf(card) ((card) / 14)

static int hand[MAX_HAND];
static int played[MAX_HAND];
static int handSize = 0;
static int players = 4;
static int trickPlays = 0;
static int ledSuit = 0;
static int heartsBroken = 0;
static int firstTrick = 1;

static int readFully(int fd, unsigned char *buffer, size_t length) {
  size_t done = 0;
  while (done < length) {
    ssize_t got = read(fd, buffer + done, length - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return -1;
    done += (size_t)got;
  }
  return 0;
}

/* One message into `text`, cut at its first NUL; -1 once the server is gone. */
static int receive(int fd, char *text) {
  size_t length = 0;
  int shift = 0;
  unsigned char byte;
  do {
    if (readFully(fd, &byte, 1) < 0 || shift > 21) return -1;
    length |= (size_t)(byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  if (length >= MAX_MESSAGE) return -1;
  if (readFully(fd, (unsigned char *)text, length) < 0) return -1;
  text[length] = '\0';
  return 0;
}

static void sendText(int fd, const char *text) {
  unsigned char frame[MAX_MESSAGE + 4];
  size_t length = strlen(text) + 1;
  size_t at = 0;
  size_t rest = length;
  do {
    unsigned char group = rest & 0x7f;
    rest >>= 7;
    frame[at++] = rest ? (group | 0x80) : group;
  } while (rest);
  memcpy(frame + at, text, length);
  if (write(fd, frame, at + length) < 0) exit(1);
}

static void notePlay(int card) {
  if (trickPlays == 0) ledSuit = suitOf(card);
  if (suitOf(card) == HEARTS || card == QUEEN_OF_SPADES) heartsBroken = 1;
  if (++trickPlays == players) {
    trickPlays = 0;
    firstTrick = 0;
  }
}

static int holdsSuit(int suit) {
  for (int i = 0; i < handSize; i++)
    if (!played[i] && suitOf(hand[i]) == suit) return 1;
  return 0;
}

static int holdsOnlyHearts(void) {
  for (int i = 0; i < handSize; i++)
    if (!played[i] && suitOf(hand[i]) != HEARTS) return 0;
  return 1;
}

static int isLegal(int i) {
  int card = hand[i];
  if (played[i]) return 0;
  if (trickPlays > 0) return suitOf(card) == ledSuit || !holdsSuit(ledSuit);
  if (firstTrick) return card == TWO_OF_CLUBS;
  return suitOf(card) != HEARTS || heartsBroken || holdsOnlyHearts();
}

/* The first legal card in the order the hand was dealt. */
static int choose(void) {
  for (int i = 0; i < handSize; i++)
    if (isLegal(i)) return i;
  return 0;
}

int main(int argc, char **argv) {
  char name[16];
  if (argc > 1) {
    snprintf(name, sizeof name, "%s", argv[1]);
  } else {
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    for (int i = 0; i < 15; i++) name[i] = (char)('a' + rand() % 26);
    name[15] = '\0';
  }
  char inPath[64];
  char outPath[64];
  snprintf(inPath, sizeof inPath, "/tmp/%sIn", name);
  snprintf(outPath, sizeof outPath, "/tmp/%sOut", name);
  mkfifo(inPath, 0600);
  mkfifo(outPath, 0600);
  int in = open(inPath, O_RDONLY);
  int out = open(outPath, O_WRONLY);
  if (in < 0 || out < 0) return 1;

  char text[MAX_MESSAGE];
  while (receive(in, text) == 0) {
    if (text[0] == '@') {
      sendText(out, name);
    } else if (text[0] == '^') {
      sendText(out, "^");
    } else if (text[0] == ':') {
      int id;
      int first;
      int offset;
      char *at = text + 1;
      if (sscanf(at, "%d,%d,%d%n", &players, &id, &first, &offset) != 3) continue;
      at += offset;
      handSize = 0;
      while (*at == ',' && handSize < MAX_HAND) {
        hand[handSize] = (int)strtol(at + 1, &at, 10);
        played[handSize++] = 0;
      }
      trickPlays = 0;
      heartsBroken = 0;
      firstTrick = 1;
    } else if (text[0] == ']') {
      int seat;
      int card;
      if (sscanf(text + 1, "%d,%d", &seat, &card) == 2) notePlay(card);
    } else if (text[0] == '[') {
      int i = choose();
      char reply[8];
      snprintf(reply, sizeof reply, "%d", i);
      played[i] = 1;
      notePlay(hand[i]);
      sendText(out, reply);
    } else if (text[0] == ';') {
      break;
    }
  }
  close(in);
  close(out);
  return 0;
}
