/*
 * A random Love Letter bot for the HackSoc competition manager, written from its protocol alone.
 *
 *     cc -O2 -o random_bot random_bot.c && ./random_bot [players] [seed]
 *
 * The manager starts the bot for every round and talks to it on stdin/stdout, one message a line.
 * Both greetings are recognised from the first line: classic (the player number alone, players
 * counted from 1) and ident (`ident <n>`, counted from 0, then `players <count>`, `start <n>`). The
 * classic greeting does not give the table size: it is the first argument (default 4).
 *
 * On its turn the bot plays one of its two cards at random, at a random player still in the round
 * (itself only with the wizard), naming a random card other than the soldier for a soldier.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

enum { NO_CARD, SOLDIER, CLOWN, KNIGHT, PRIESTESS, WIZARD, GENERAL, MINISTER, PRINCESS };

static const char *const CARD_NAMES[] = {
    "", "soldier", "clown", "knight", "priestess", "wizard", "general", "minister", "princess",
};

#define MAX_PLAYERS 16

struct bot {
    int players;
    int base;     /* the number of the first player on the wire: 1 classic, 0 ident */
    int me;       /* -1 until the greeting */
    int turn;
    int hand[2];
    int held;
    int in_round[MAX_PLAYERS];
    unsigned long long rng;
};

static int card_named(const char *name) {
    for (int card = SOLDIER; card <= PRINCESS; card++)
        if (name && strcasecmp(name, CARD_NAMES[card]) == 0) return card;
    return NO_CARD;
}

/* xorshift64*: small, fast, and good enough to pick among a handful of moves. */
static unsigned below(struct bot *bot, unsigned n) {
    bot->rng ^= bot->rng >> 12;
    bot->rng ^= bot->rng << 25;
    bot->rng ^= bot->rng >> 27;
    return (unsigned)((bot->rng * 2685821657736338717ULL) >> 33) % n;
}

static void seat_everyone(struct bot *bot) {
    for (int p = 0; p < MAX_PLAYERS; p++) bot->in_round[p] = p < bot->players;
}

static int number(const char *word) {
    return word ? atoi(word) : -1;
}

static void forget_card(struct bot *bot, int card) {
    if (bot->held > 0 && bot->hand[0] == card) bot->hand[0] = bot->hand[1];
    if (bot->held > 0) bot->held--;
}

/* The manager announces a minister bust itself: no play is expected after such a draw. */
static int minister_busts(const struct bot *bot) {
    int has_minister = bot->hand[0] == MINISTER || bot->hand[1] == MINISTER;
    return has_minister && bot->hand[0] + bot->hand[1] >= 12;
}

static void play(struct bot *bot) {
    int card = bot->hand[below(bot, 2)];
    int targets[MAX_PLAYERS];
    int count = 0;
    if (card == SOLDIER || card == CLOWN || card == KNIGHT || card == GENERAL || card == WIZARD) {
        for (int p = 0; p < bot->players; p++) {
            int self = p == bot->me - bot->base;
            if (bot->in_round[p] && (!self || card == WIZARD)) targets[count++] = p;
        }
    }
    printf("play %s", CARD_NAMES[card]);
    if (count > 0) printf(" %d", targets[below(bot, (unsigned)count)] + bot->base);
    if (card == SOLDIER) printf(" %s", CARD_NAMES[CLOWN + below(bot, PRINCESS - SOLDIER)]);
    printf("\n");
    fflush(stdout);
}

static void handle(struct bot *bot, char *line) {
    char *verb = strtok(line, " \t\r\n");
    char *first = strtok(NULL, " \t\r\n");
    char *second = strtok(NULL, " \t\r\n");
    if (!verb) return;
    if (bot->me < 0) {
        if (strcasecmp(verb, "ident") == 0) {
            bot->base = 0;
            bot->me = number(first);
            printf("random-c\n");
            fflush(stdout);
        } else {
            bot->me = number(verb);
            seat_everyone(bot);
        }
        return;
    }
    if (strcasecmp(verb, "players") == 0) {
        bot->players = number(first);
        if (bot->players > MAX_PLAYERS) bot->players = MAX_PLAYERS;
        seat_everyone(bot);
    } else if (strcasecmp(verb, "player") == 0) {
        bot->turn = number(first);
    } else if (strcasecmp(verb, "draw") == 0) {
        if (bot->held < 2) bot->hand[bot->held++] = card_named(first);
        if (bot->turn == bot->me && bot->held == 2 && !minister_busts(bot)) play(bot);
    } else if (strcasecmp(verb, "swap") == 0) {
        bot->hand[0] = card_named(first);
        bot->held = 1;
    } else if (strcasecmp(verb, "played") == 0) {
        if (number(first) == bot->me) forget_card(bot, card_named(second));
    } else if (strcasecmp(verb, "discard") == 0) {
        if (number(first) == bot->me) bot->held = 0;
    } else if (strcasecmp(verb, "out") == 0) {
        int player = number(first) - bot->base;
        if (player >= 0 && player < MAX_PLAYERS) bot->in_round[player] = 0;
    }
}

int main(int argc, char **argv) {
    struct bot bot = { .players = argc > 1 ? atoi(argv[1]) : 4, .base = 1, .me = -1, .turn = -1 };
    if (bot.players < 2 || bot.players > MAX_PLAYERS) bot.players = 4;
    bot.rng = argc > 2 ? strtoull(argv[2], NULL, 10) : (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 20);
    bot.rng = bot.rng * 0x9E3779B97F4A7C15ULL | 1;
    char line[4096];
    while (fgets(line, sizeof line, stdin)) handle(&bot, line);
    return 0;
}
