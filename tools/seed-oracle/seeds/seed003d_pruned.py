# Extracted by tools/seed-oracle/extract.py from the seed document 003_53d28404ca8b984e.txt
# (program (d): alpha-beta + isolated-point pruning + new heuristic).
# Edits made to the published code:
#   - the final line `tic_tac_toe(8, 5, True, 4)` (starts an interactive game) is commented out.
#   - none else. NOTE: the listing begins with `### import re` (three times), so `re` is NOT imported and the interactive tic_tac_toe() would fail at re.sub; that does not affect TicTacToeBoard and is left as published.
# --------------------------------------------------------------------------------------
### import re
### import re
### import re
import copy
from collections import namedtuple
import time

class PutChessError(Exception):
    pass

Action = namedtuple('Action', 'pos chess')

class TicTacToeBoard:
    max_score = 1000
    min_score = 0
    mid_score = (max_score+min_score)//2
    def __init__(self, pre_state, action=None, win_cnt=None,
                machine_first=True):
        if win_cnt == None:
            self.win_cnt = len(pre_state)
        else:
            self.win_cnt = win_cnt
        self.state = copy.deepcopy(pre_state)
        self.sub_cases = None
        self.machine_first = machine_first
        if action!=None:
            self.executeAction(action)
            
    def executeAction(self, action):
        st_len = len(self.state)
        p0, p1 = action.pos
        if (p0<0 or p1<0 or p0>=st_len or p1>=st_len or
            self.state[p0][p1]!='-'):
            raise PutChessError()
        self.state[p0][p1] = action.chess
        
    def getAllLines(self):
        st_len = len(self.state)
        for i in range(st_len):
            yield ''.join(self.state[i])
            yield ''.join(j[i] for j in self.state)
            yield ''.join(self.state[j][j-i] 
                            for j in range(i, st_len))
            yield ''.join(self.state[j][i-j]
                            for j in range(0, i+1))
            yield ''.join(self.state[j-(st_len-1-i)][j] 
                            for j in range(st_len-1-i, st_len))
            yield ''.join(self.state[j][st_len-1-(j-i)]
                            for j in range(i, st_len))
            
    def heuristicFunc(self, line):
        for i in range(self.win_cnt//2, self.win_cnt):
            if 'o'*i+'-' in line:
                self.score -= i
            if '-'+'o'*i in line:
                self.score -= i
            if 'x'*i+'-' in line:
                self.score += i
            if '-'+'x'*i in line:
                self.score += i
                
    def getChessCnt(self):
        cnt = 0
        for row in self.state:
            for c in row:
                if c!='-':
                    cnt += 1
        return cnt
    
    def isIsolateOpt(self, action):
        moves = [(-1,0),(1,0),(0,1),(0,-1),
                (-1,-1),(1,1),(1,-1),(-1,1)]
        opt_pos = [(action[0][0]+mov[0], action[0][1]+mov[1]) 
                   for mov in moves]
        st_len = len(self.state)
        for pos in opt_pos:
            r, c = pos
            if (r<0 or c<0 or r>=st_len or c>=st_len):
                continue
            if self.state[r][c]!='-':
                return False
        return True
            
    
    def minJudge(self, depth, alpha, beta):
        self.score = self.mid_score
        for line in self.getAllLines():
            if 'x'*self.win_cnt in line:
                self.score = self.max_score
                break
            if depth==0:
                self.heuristicFunc(line)
        if self.score>=self.max_score or depth==0:
            return
        self.score = self.max_score
        self.sub_cases = []
        cur_chess_cnt = self.getChessCnt()
        for action in self.getValidActions():
            if cur_chess_cnt > 1 and self.isIsolateOpt(action):
                continue
            sub_case = TicTacToeBoard(self.state, action,
                        self.win_cnt, self.machine_first)
            sub_case.maxJudge(depth-1, alpha, beta)
            self.score = min(self.score, sub_case.score)
            self.sub_cases.append(sub_case)
            if self.score <= alpha:
                break
            beta = min(self.score, beta)
        self.sub_cases.clear()
                
    def maxJudge(self, depth, alpha, beta):
        self.score = self.mid_score
        for line in self.getAllLines():
            if ('o'*self.win_cnt in line or 
            '-'+'o'*(self.win_cnt-1)+'-' in line):
                self.score = self.min_score
                break
            if depth==0:
                self.heuristicFunc(line)
        if self.score<=self.min_score or depth==0:
            return
        self.score = self.min_score
        self.sub_cases = []
        cur_chess_cnt = self.getChessCnt()
        for action in self.getValidActions():
            if cur_chess_cnt > 1 and self.isIsolateOpt(action):
                continue
            sub_case = TicTacToeBoard(self.state, action,
                        self.win_cnt, self.machine_first)
            sub_case.minJudge(depth-1, alpha, beta)
            self.score = max(self.score, sub_case.score)
            self.sub_cases.append(sub_case)
            if self.score >= beta:
                break
            alpha = max(self.score, alpha)
            
        for case in self.sub_cases:
            if case.sub_cases:
                case.sub_cases.clear()
                
    def doMinMaxAction(self, depth):
        self.maxJudge(depth, self.min_score, self.max_score)
        for sub_case in self.sub_cases:
            if self.score == sub_case.score:
                self.state = sub_case.state
                break

    def judge(self):
        st_len = len(self.state)
        for i in range(st_len):
            lines = []
            lines.append(''.join(self.state[i]))
            lines.append(''.join(j[i] for j in self.state))
            lines.append(''.join(self.state[j][j-i] 
                                 for j in range(i, st_len)))
            lines.append(''.join(self.state[j][i-j]
                                 for j in range(0, i+1)))
            lines.append(''.join(self.state[j-(st_len-1-i)][j] 
                            for j in range(st_len-1-i, st_len)))
            lines.append(''.join(self.state[j][st_len-1-(j-i)]
                           for j in range(i, st_len)))
            for line in lines:
                for c in ('x', 'o'):
                    if c*self.win_cnt in line:
                        return c
        for i in self.state:
            for c in i:
                if c=='-':
                    return '-'
        # 和棋状态
        return '$'
    def __str__(self):
        st_len = len(self.state)
        str_lines = []
        str_lines.append('   '+' '.join(str(i) for i in range(st_len)))
        for i in range(st_len):
            str_lines.append(f'{i:<3}' + ' '.join(self.state[i]))
        return '\n'.join(str_lines)
    
    def getValidActions(self):
        cnt_x = cnt_o = 0
        for row in self.state:
            for c in row:
                if c=='x':cnt_x+=1
                if c=='o':cnt_o+=1
        st_len = len(self.state)
        for i in range(st_len):
            for j in range(st_len):
                if self.state[i][j]=='-':
                    if cnt_o > cnt_x:
                        yield Action((i, j), 'x')
                    if cnt_o < cnt_x:
                        yield Action((i, j), 'o')
                    if cnt_o == cnt_x:
                        if self.machine_first:
                            yield Action((i, j), 'x')
                        else:
                            yield Action((i, j), 'o')

def tic_tac_toe(board_width = 3, win_cnt=3, machine_first=True,
               calc_depth=3):
    def judgeFinished(board):
        judge_result = board.judge()
        if judge_result=='-':
            return None
        if judge_result=='x':
            return 'Machine'
        if judge_result=='o':
            return 'Man'
        if judge_result=='$':
            return 'Nobody'
            
    print('--- Machine chess:x   Man Chess:o ---\n')
    board_array = [['-']*board_width for i in range(board_width)]
    board = None
    if machine_first:
        board = TicTacToeBoard(board_array, win_cnt=win_cnt)
        board.executeAction(Action((board_width//2, board_width//2),'x'))
#         board.doMinMaxAction(calc_depth)
        print(board)
    winner = None
    while True:
        # 人落子
        man_input = input("Input (row, column) :")
        if man_input == 'bye':
            break
        man_input = re.sub(r'\(|\)', '', man_input)
        row, column = (int(i) for i in man_input.split(','))
        if board==None:
            board = TicTacToeBoard(board_array,Action((row, column), 'o'),
                                   win_cnt=win_cnt,machine_first=False)
        else:
            try:
                board.executeAction(Action((row, column), 'o'))
            except PutChessError:
                print("Inputed pos invalid, put input pos again.")
                continue
#         print(board)
        # 判断人是否赢了
        winner = judgeFinished(board)
        if winner:
            print(board)
            break
        # 机器落子
        t0 = time.time()
        board.doMinMaxAction(calc_depth)
        t1 = time.time()
        print(f'Machine Thinking : {t1-t0} s')
        winner = judgeFinished(board)
        print(board)
        if winner:
            break
        
    if winner=='Man':
        print('Congratulations, you win the game!')
    elif winner=='Machine':
        print("You're failure, do better next time!")
    else:
        print("This game is draw")
# tic_tac_toe(8, 5, True, 4)   # [seed-oracle] interactive game call disabled
