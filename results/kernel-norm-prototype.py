# Prototype, not the default method: does a kernel-norm penalty on the weights of the selected
# nodes, alpha w'K w with K the kernel among the centres, evaluated along every selection path
# with alpha in ALPHAS and chosen by 5-fold cross-validation together with the width and the
# size, beat the ridge on the orthogonal weights alone? A simplified default: greedy
# orthogonal least squares with a bias, 200 random candidate centres, widths m/8 .. 8m, sizes up
# to min(60, N/3), the least cross-validated squared error (no size rule, no pruning, no input
# weighting). Prints the test error % of three choices: "orth" (orthogonal ridge only), "both"
# (the kernel-norm weights compete in the whole choice) and "pass2" (width chosen with the
# orthogonal ridge, then weights and size). Needs Debian's python3-sklearn.
# Usage: /usr/bin/python3 results/kernel-norm-prototype.py DATA_FOLDER FIRST LAST
# (realisations FIRST..LAST-1, 0-based; the development realisations are 10..19).
import numpy as np, sys
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold, KFold
d=sys.argv[1]; r0,r1=int(sys.argv[2]),int(sys.argv[3])
X=np.loadtxt(d+'/x.csv',delimiter=','); y=np.loadtxt(d+'/y.csv',delimiter=',',dtype=str)
tr=[list(map(int,l.split(','))) for l in open(d+'/train.csv')]; te=[list(map(int,l.split(','))) for l in open(d+'/test.csv')]
cls=sorted(set(y)); m=X.shape[1]
if len(cls)==2: cls=cls[:1]
import os
ALPHAS=[float(v) for v in os.environ.get("ALPHAS","1e-3,1e-2,1e-1,1").split(",")]  # e.g. ALPHAS=1
def k(A,B,tau):
    d2=(A*A).sum(1)[:,None]+(B*B).sum(1)[None,:]-2*A@B.T; return np.exp(-np.maximum(d2,0)/tau)
def path(G,Y,T,lam=0.1):
    n,L=G.shape; P=[np.ones(n)/np.sqrt(n)]; ch=[]
    R=G-np.outer(P[0],P[0]@G)
    for _ in range(T):
        pp=(R*R).sum(0); py=R.T@Y; q=(py**2).sum(1)
        sc=q*(pp+2*lam)/(pp+lam)**2; sc[ch]=-1; sc[pp<1e-9*max(pp.max(),1e-300)]=-1
        c=int(np.argmax(sc))
        if sc[c]<=0: break
        ch.append(c); p=R[:,c]/np.sqrt(pp[c]); R=R-np.outer(p,p@R)
    return ch
def weights_orth(A,Y,lam=0.1):
    Q,Rq=np.linalg.qr(A); kap=np.diag(Rq)**2; sh=kap/(kap+np.r_[1e-6,np.full(len(kap)-1,lam)])
    th=(Q.T@Y)*sh[:,None]; return np.linalg.solve(Rq,th)
def weights_rkhs(A,Y,Kcc,alpha):
    s=A.shape[1]; Rm=np.zeros((s,s)); Rm[1:,1:]=Kcc
    return np.linalg.solve(A.T@A+alpha*Rm+1e-9*np.eye(s),A.T@Y)
def curves(Xtr,Ytr,Xva,Yva,C_idx_pool,tau,T):
    G=k(Xtr,Xtr[C_idx_pool],tau); ch=path(G,Ytr,T)
    C=Xtr[C_idx_pool][ch]
    A=np.hstack([np.ones((len(Xtr),1)),G[:,ch]]); Av=np.hstack([np.ones((len(Xva),1)),k(Xva,C,tau)])
    Kcc=k(C,C,tau)
    out=np.full((1+len(ALPHAS),T+1),np.inf)
    for s in range(1,len(ch)+1):
        W=weights_orth(A[:,:s+1],Ytr); out[0,s]=((Av[:,:s+1]@W-Yva)**2).sum()
        for ai,al in enumerate(ALPHAS):
            W=weights_rkhs(A[:,:s+1],Ytr,Kcc[:s,:s],al); out[1+ai,s]=((Av[:,:s+1]@W-Yva)**2).sum()
    return out
res={'orth':[],'both':[],'pass2':[]}; chosen=[]
for r in range(r0,r1):
    a,b=np.array(tr[r]),np.array(te[r])
    sc=StandardScaler().fit(X[a]); Xa,Xb=sc.transform(X[a]),sc.transform(X[b])
    Y=np.array([[1.0 if v==c else -1.0 for c in cls] for v in y[a]])
    n=len(Xa); T=min(60,max(10,n//3)); rng=np.random.default_rng(r)
    taus=[f*m for f in [1/8,1/4,1/2,1,2,4,8]]
    tot=np.zeros((len(taus),1+len(ALPHAS),T+1))
    for i,j in StratifiedKFold(5,shuffle=True,random_state=r).split(Xa,y[a]):
        pool=rng.permutation(len(i))[:200]
        for ti,tau in enumerate(taus): tot[ti]+=curves(Xa[i],Y[i],Xa[j],Y[j],pool,tau,T)
    def refit(ti,wi,s):
        tau=taus[ti]; pool=rng.permutation(n)[:200]
        G=k(Xa,Xa[pool],tau); ch=path(G,Y,s); C=Xa[pool][ch]
        A=np.hstack([np.ones((n,1)),G[:,ch]]); Ab=np.hstack([np.ones((len(Xb),1)),k(Xb,C,tau)])
        W=weights_orth(A,Y) if wi==0 else weights_rkhs(A,Y,k(C,C,tau),ALPHAS[wi-1])
        F=Ab@W
        p=np.where(F[:,0]>0,cls[0],'__') if len(cls)==1 else np.array(cls)[F.argmax(1)]
        yb=np.array([v if v in cls else '__' for v in y[b]]) if len(cls)==1 else y[b]
        return 100*np.mean(p!=yb)
    o=np.unravel_index(np.argmin(tot[:,0,:]),tot[:,0,:].shape)
    bt=np.unravel_index(np.argmin(tot),tot.shape)
    res['orth'].append(refit(o[0],0,o[1])); res['both'].append(refit(*bt))
    p2=np.unravel_index(np.argmin(tot[o[0]]),tot[o[0]].shape); res['pass2'].append(refit(o[0],*p2))
    chosen.append((taus[bt[0]]/m, 'orth' if bt[1]==0 else ALPHAS[bt[1]-1], int(bt[2]), taus[o[0]]/m, int(o[1])))
print(d.split('/')[-1], {k_:round(np.mean(v),2) for k_,v in res.items()}, chosen[:4])
